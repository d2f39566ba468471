import { z } from 'zod';
import { CARD_BRAND_LABELS, cardBrandSchema, type Receipt } from '@cuewave/contract/payment';
import { US_STATES, isEuCountry } from '@cuewave/contract/billing';
import { LANGUAGE_LOCALES, type Language } from '@cuewave/contract/languages';
import { getAccount } from '../account/account.service';
import { notFound } from '../../lib/errors';
import { hasValidTaxNumber, NON_EU_CONSUMER_TAX, SELLER_COUNTRY } from '../pricing/tax';
import type { PaymentDeps } from './payment-methods.service';
import { renderReceiptPdf, type ReceiptPdfInput } from './receipt-pdf';
import { selectReceipt, selectReceipts, type ReceiptRow } from './receipt.repo';
import { RECEIPT_TEXTS } from './receipt-texts';

/**
 * Receipts and VAT invoices (spec §7 GET /v1/payment/receipt; decisions 043, 052): every succeeded
 * payment has a receipt number, or an invoice number when a business with a valid tax number paid;
 * its amounts, discount, tax rate and buyer were frozen on the row when it was charged, so the same
 * document renders the same PDF for ever, whatever the account's billing details say today.
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
  /** The VAT rate column of an invoice: "23%", or "np." (not subject to Polish VAT) for 0 % abroad. */
  rate: string;
  reverseCharge: boolean;
  /** A sentence printed under the totals, or null. */
  note: string | null;
};

export { EU_REVERSE_CHARGE_NOTE } from './receipt-texts';

const regionNames: Record<Language, Intl.DisplayNames> = {
  en: new Intl.DisplayNames(['en'], { type: 'region' }),
  pl: new Intl.DisplayNames([LANGUAGE_LOCALES.pl], { type: 'region' }),
};
export function countryName(code: string, language: Language = 'en'): string {
  try {
    return regionNames[language].of(code) ?? code;
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
 * The tax line of a receipt or invoice. The row knows the rate charged, not why; the why comes from
 * the frozen buyer. Reverse charge needs both: the buyer was a business with a valid tax number
 * outside the seller's country, in the EU or in a non-EU VAT country (decision 052), and 0 % was
 * charged, so a document never claims reverse charge for a sale that carried VAT.
 */
export function receiptTax(taxPercentage: number, buyer: ReceiptBuyer, language: Language = 'en'): ReceiptTax {
  const t = RECEIPT_TEXTS[language].tax;
  const place = (code: string) => countryName(code, language);
  const country = buyer.country.toUpperCase();
  const eu = isEuCountry(country);
  const nonEuVat = NON_EU_CONSUMER_TAX[country];
  const percent = `${percentText(taxPercentage)}%`;
  const reverseCharge =
    taxPercentage === 0 &&
    (eu || nonEuVat !== undefined) &&
    country !== SELLER_COUNTRY &&
    hasValidTaxNumber({ ...buyer, country, state: buyer.state ?? null });
  if (reverseCharge) {
    const number = t.buyerNumber(eu, buyer.taxNumber ?? null);
    return {
      label: `VAT 0% (${t.reverseChargeLabel})`,
      rate: 'np.',
      reverseCharge: true,
      note: `${eu ? t.euReverseCharge : t.nonEuReverseCharge(place(country))} ${number} ${t.notSubject}`,
    };
  }
  if (eu) return { label: `VAT ${percent}`, rate: percent, reverseCharge: false, note: null };
  if (country === 'US') {
    const where = buyer.state ? ` (${stateName(buyer.state.toUpperCase())})` : '';
    return { label: `${t.salesTax}${where} ${percent}`, rate: percent, reverseCharge: false, note: null };
  }
  if (nonEuVat && taxPercentage > 0) {
    return {
      label: `${nonEuVat.name} ${percent}`,
      rate: percent,
      reverseCharge: false,
      note: t.consumerVat(nonEuVat.localName, nonEuVat.name, place(country)),
    };
  }
  return {
    label: `${t.tax} ${percent}`,
    rate: taxPercentage === 0 ? 'np.' : percent,
    reverseCharge: false,
    note: taxPercentage === 0 ? t.outsideEu(place(country)) : null,
  };
}

/** The list price and what came off it, as frozen on the payment (decision 052). */
export function receiptLines(
  row: ReceiptRow,
  language: Language = 'en',
): Pick<ReceiptPdfInput, 'items' | 'deductions'> {
  const t = RECEIPT_TEXTS[language];
  // The description was stored in English when the payment was made; known forms are said in the
  // reader's language, anything else is printed as stored.
  const description = t.itemDescription(row.description) ?? row.description;
  // A row from before the breakdown was stored shows its net price alone.
  if (row.list_price === null) return { items: [{ description, net: row.price }], deductions: [] };
  const deductions: ReceiptPdfInput['deductions'] = [];
  if (row.coupon_discount > 0) {
    deductions.push({ label: t.coupon(row.coupon_code ?? '', row.coupon_percent), amount: row.coupon_discount });
  }
  if (row.upgrade_credit > 0) deductions.push({ label: t.upgradeCredit, amount: row.upgrade_credit });
  return { items: [{ description, net: row.list_price }], deductions };
}

function cardOf(row: ReceiptRow): Receipt['card'] {
  return row.card_brand && row.card_last4 ? { brand: row.card_brand, last4: row.card_last4 } : null;
}

function toReceipt(row: ReceiptRow): Receipt {
  const taxPercentage = Number(row.tax_percentage);
  return {
    id: row.id,
    receiptNumber: row.document_number,
    documentKind: row.document_kind,
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

/** GET /v1/payment/receipt: the account's receipts and invoices, newest first. */
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
export function cardLabel(card: { brand: string; last4: string } | null, language: Language = 'en'): string | null {
  if (!card) return null;
  const t = RECEIPT_TEXTS[language];
  const brand = cardBrandSchema.safeParse(card.brand);
  const name = brand.success ? CARD_BRAND_LABELS[brand.data] : (OTHER_BRAND_LABELS[card.brand] ?? t.card);
  return t.cardEnding(name, card.last4);
}

/** The buyer's block: name or company, address, tax number, email. */
function buyerLines(buyer: ReceiptBuyer, language: Language): { name: string; lines: string[] } {
  const t = RECEIPT_TEXTS[language];
  const person = `${buyer.firstName} ${buyer.lastName}`.trim();
  const business = buyer.type === 'business' && buyer.companyName;
  const country = buyer.country.toUpperCase();
  const lines: string[] = [];
  if (business && person) lines.push(person);
  const taxNumberLabel = isEuCountry(country) || NON_EU_CONSUMER_TAX[country] ? t.vatNumber : t.taxNumber;
  lines.push(buyer.line1);
  if (buyer.line2) lines.push(buyer.line2);
  const state = buyer.state ? ` ${buyer.state.toUpperCase()}` : '';
  lines.push(country === 'US' ? `${buyer.city},${state} ${buyer.postalCode}` : `${buyer.postalCode} ${buyer.city}`);
  lines.push(countryName(country, language));
  if (buyer.taxNumber) lines.push(`${taxNumberLabel}: ${buyer.taxNumber}`);
  if (buyer.email) lines.push(buyer.email);
  return { name: business ? buyer.companyName! : person || buyer.email, lines: lines.filter((l) => l.trim()) };
}

/**
 * GET /v1/payment/receipt/{paymentId}: the receipt or VAT invoice as a PDF; 404 unless it is one of
 * the account's.
 */
export async function receiptPdf(
  deps: PaymentDeps,
  accountId: string,
  paymentId: string,
): Promise<{ receiptNumber: string; documentKind: Receipt['documentKind']; pdf: Buffer }> {
  const row = await selectReceipt(deps.db, accountId, paymentId);
  if (!row) throw notFound('Receipt');
  // Written in the account's language (decision 076); the amounts and buyer stay as frozen.
  const { language } = await getAccount(deps, accountId);
  const receipt = toReceipt(row);
  const buyer = buyerSchema.parse(row.buyer ?? {});
  const input: ReceiptPdfInput = {
    language,
    kind: receipt.documentKind,
    number: receipt.receiptNumber,
    paidAt: new Date(receipt.paidTS),
    seller: {
      name: deps.config.seller.name,
      lines: [
        ...deps.config.seller.addressLines,
        countryName(SELLER_COUNTRY, language),
        `${RECEIPT_TEXTS[language].vatNumber}: ${deps.config.seller.vatId}`,
        deps.config.publicUrl,
      ],
    },
    buyer: buyerLines(buyer, language),
    ...receiptLines(row, language),
    currency: receipt.currency,
    net: receipt.price,
    tax: receipt.tax,
    total: receipt.total,
    taxLine: receiptTax(receipt.taxPercentage, buyer, language),
    paymentMethod: cardLabel(receipt.card, language),
    now: deps.clock.now(),
  };
  return {
    receiptNumber: receipt.receiptNumber,
    documentKind: receipt.documentKind,
    pdf: await renderReceiptPdf(input),
  };
}
