import { z } from 'zod';
import { CARD_BRAND_LABELS, cardBrandSchema, type Receipt } from '@cuewave/contract/payment';
import { US_STATES, isEuCountry } from '@cuewave/contract/billing';
import { notFound } from '../../lib/errors';
import { taxRuleFor } from '../pricing/tax';
import type { PaymentDeps } from './payment-methods.service';
import { renderReceiptPdf, type ReceiptPdfInput } from './receipt-pdf';
import { selectReceipt, selectReceipts, type ReceiptRow } from './receipt.repo';
import { SELLER_COUNTRY_NAME } from './receipt-seller';

/**
 * Receipts (spec §7 GET /v1/payment/receipt; decision 043): every succeeded payment has a receipt
 * number, and its amounts, tax rate and buyer were frozen on the row when it was charged, so the same
 * receipt renders the same PDF for ever, whatever the account's billing details say today.
 */

/** The buyer snapshot charge.service stores (billing details + email); lenient, it is old data. */
const buyerSchema = z.object({
  email: z.string().catch(''),
  type: z.enum(['personal', 'business']).catch('personal'),
  firstName: z.string().catch(''),
  lastName: z.string().catch(''),
  companyName: z.string().nullish().catch(null),
  line1: z.string().catch(''),
  line2: z.string().nullish().catch(null),
  city: z.string().catch(''),
  postalCode: z.string().catch(''),
  state: z.string().nullish().catch(null),
  country: z.string().catch(''),
  taxNumber: z.string().nullish().catch(null),
  taxNumberValid: z.boolean().catch(false),
});
export type ReceiptBuyer = z.infer<typeof buyerSchema>;

export type ReceiptTax = {
  /** "VAT 23%", "Sales tax (Texas) 5%", "VAT 0% (reverse charge)". */
  label: string;
  reverseCharge: boolean;
  /** A sentence printed under the totals, or null. */
  note: string | null;
};

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
export function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}
const stateName = (code: string) => US_STATES.find((s) => s.code === code)?.name ?? code;

/** "23", "6.875", "25.5": the rate as stored (numeric(5,2) text), without trailing zeros. */
function percentText(value: number): string {
  return String(Number(value.toFixed(3)));
}

/**
 * The tax line of a receipt. The row knows the rate charged, not why; the why comes from the same
 * rule the quote used (pricing's taxRuleFor) applied to the frozen buyer. Reverse charge needs both:
 * the buyer qualified and 0 % was charged, so a receipt never claims reverse charge for a sale that
 * carried VAT.
 */
export function receiptTax(taxPercentage: number, buyer: ReceiptBuyer): ReceiptTax {
  const country = buyer.country.toUpperCase();
  const rule = taxRuleFor({
    country,
    state: buyer.state ?? null,
    type: buyer.type,
    taxNumberValid: buyer.taxNumberValid,
  });
  const percent = `${percentText(taxPercentage)}%`;
  if (rule.reverseCharge && taxPercentage === 0) {
    return {
      label: `VAT 0% (reverse charge)`,
      reverseCharge: true,
      note:
        'Reverse charge (odwrotne obciążenie): VAT to be accounted for by the recipient, Article 196 of ' +
        `Council Directive 2006/112/EC. Buyer's VAT number: ${buyer.taxNumber ?? 'not given'}.`,
    };
  }
  if (isEuCountry(country)) return { label: `VAT ${percent}`, reverseCharge: false, note: null };
  if (country === 'US') {
    const where = buyer.state ? ` (${stateName(buyer.state.toUpperCase())})` : '';
    return { label: `Sales tax${where} ${percent}`, reverseCharge: false, note: null };
  }
  return {
    label: `Tax ${percent}`,
    reverseCharge: false,
    note:
      taxPercentage === 0
        ? `No EU VAT charged: an electronically supplied service to a customer outside the EU (${countryName(country)}).`
        : null,
  };
}

function cardOf(row: ReceiptRow): Receipt['card'] {
  return row.card_brand && row.card_last4 ? { brand: row.card_brand, last4: row.card_last4 } : null;
}

function toReceipt(row: ReceiptRow): Receipt {
  const taxPercentage = Number(row.tax_percentage);
  return {
    id: row.id,
    receiptNumber: row.receipt_number,
    createdTS: new Date(row.created_at).toISOString(),
    // A succeeded payment is never updated again (charge.service records an answer only while
    // pending or requires_action): its updated_at is when it succeeded.
    paidTS: new Date(row.updated_at).toISOString(),
    description: row.description,
    currency: row.currency,
    price: row.price,
    tax: row.tax,
    total: row.total,
    taxPercentage,
    reverseCharge: receiptTax(taxPercentage, buyerSchema.parse(row.buyer ?? {})).reverseCharge,
    card: cardOf(row),
  };
}

/** GET /v1/payment/receipt: the account's receipts, newest first. */
export async function listReceipts(deps: PaymentDeps, accountId: string): Promise<Receipt[]> {
  return (await selectReceipts(deps.db, accountId)).map(toReceipt);
}

/** Brands Stripe reports beyond the four the sandbox takes (PaymentMethod card.brand). */
const OTHER_BRAND_LABELS: Record<string, string> = {
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  cartes_bancaires: 'Cartes Bancaires',
  eftpos_au: 'eftpos',
  interac: 'Interac',
};

/** "Visa ending in 4242"; "Card ending in 1234" for a brand we have no name for. */
export function cardLabel(card: { brand: string; last4: string } | null): string | null {
  if (!card) return null;
  const brand = cardBrandSchema.safeParse(card.brand);
  const name = brand.success ? CARD_BRAND_LABELS[brand.data] : (OTHER_BRAND_LABELS[card.brand] ?? 'Card');
  return `${name} ending in ${card.last4}`;
}

/** The buyer's block: name or company, address, tax number, email. */
function buyerLines(buyer: ReceiptBuyer): { name: string; lines: string[] } {
  const person = `${buyer.firstName} ${buyer.lastName}`.trim();
  const business = buyer.type === 'business' && buyer.companyName;
  const country = buyer.country.toUpperCase();
  const lines: string[] = [];
  if (business && person) lines.push(person);
  lines.push(buyer.line1);
  if (buyer.line2) lines.push(buyer.line2);
  const state = buyer.state ? ` ${buyer.state.toUpperCase()}` : '';
  lines.push(country === 'US' ? `${buyer.city},${state} ${buyer.postalCode}` : `${buyer.postalCode} ${buyer.city}`);
  lines.push(countryName(country));
  if (buyer.taxNumber) lines.push(`${isEuCountry(country) ? 'VAT number' : 'Tax number'}: ${buyer.taxNumber}`);
  if (buyer.email) lines.push(buyer.email);
  return { name: business ? buyer.companyName! : person || buyer.email, lines: lines.filter((l) => l.trim()) };
}

/** GET /v1/payment/receipt/{paymentId}: the receipt as a PDF; 404 unless it is one of the account's receipts. */
export async function receiptPdf(
  deps: PaymentDeps,
  accountId: string,
  paymentId: string,
): Promise<{ receiptNumber: string; pdf: Buffer }> {
  const row = await selectReceipt(deps.db, accountId, paymentId);
  if (!row) throw notFound('Receipt');
  const receipt = toReceipt(row);
  const buyer = buyerSchema.parse(row.buyer ?? {});
  const input: ReceiptPdfInput = {
    receiptNumber: receipt.receiptNumber,
    paidAt: new Date(receipt.paidTS),
    seller: {
      name: deps.config.seller.name,
      lines: [
        ...deps.config.seller.addressLines,
        SELLER_COUNTRY_NAME,
        `VAT number: ${deps.config.seller.vatId}`,
        deps.config.publicUrl,
      ],
    },
    buyer: buyerLines(buyer),
    items: [{ description: receipt.description, net: receipt.price }],
    currency: receipt.currency,
    net: receipt.price,
    tax: receipt.tax,
    total: receipt.total,
    taxLine: receiptTax(receipt.taxPercentage, buyer),
    paymentMethod: cardLabel(receipt.card),
    now: deps.clock.now(),
  };
  return { receiptNumber: receipt.receiptNumber, pdf: await renderReceiptPdf(input) };
}
