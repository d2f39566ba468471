import { isEuCountry } from '@cuewave/contract/billing';
import { formatMoney, type PriceQuote } from '@cuewave/contract/pricing';

/**
 * The rows of an order summary from a price quote (decision 041). Every amount is the server's:
 * nothing here adds or rounds money, it only words and formats what the quote says.
 */

export type QuoteLine = {
  key: 'list' | 'coupon' | 'credit' | 'net' | 'tax' | 'total';
  label: string;
  amount: string;
  /** Explains the line (e.g. which coupon). */
  detail?: string;
};

/** "23 %", "25.5 %", "6.875 %": the rate as the server sent it, with a thin space before the sign. */
export function formatPercent(rate: number): string {
  const text = Number.isInteger(rate) ? String(rate) : String(Number(rate.toFixed(3)));
  return `${text}\u202f%`;
}

/** What the tax is called where it applies: the server's name (decision 052: UK VAT too), else VAT in the EU, sales tax in the US. */
export function taxName(quote: Pick<PriceQuote, 'taxCountry' | 'taxName'>): string {
  if (quote.taxName) return quote.taxName;
  if (isEuCountry(quote.taxCountry)) return 'VAT';
  if (quote.taxCountry === 'US') return 'Sales tax';
  return 'Tax';
}

export function quoteLines(quote: PriceQuote, itemLabel: string): QuoteLine[] {
  const money = (minor: number) => formatMoney(minor, quote.currency);
  const lines: QuoteLine[] = [{ key: 'list', label: itemLabel, amount: money(quote.fullPrice) }];
  if (quote.couponDiscount > 0) {
    lines.push({
      key: 'coupon',
      label: quote.coupon?.code ? `Discount (${quote.coupon.code})` : 'Discount',
      amount: money(-quote.couponDiscount),
    });
  }
  if (quote.upgradeCredit > 0) {
    lines.push({
      key: 'credit',
      label: 'Credit for the unused time of your plan',
      amount: money(-quote.upgradeCredit),
    });
  }
  if (quote.off > 0) lines.push({ key: 'net', label: 'Subtotal', amount: money(quote.price) });
  lines.push({ key: 'tax', label: taxLabel(quote), amount: money(quote.tax) });
  lines.push({ key: 'total', label: 'Total', amount: money(quote.total) });
  return lines;
}

function taxLabel(quote: PriceQuote): string {
  const name = taxName(quote);
  if (quote.reverseCharge) return `${name} ${formatPercent(0)} (reverse charge)`;
  if (quote.taxPercentage === 0) return `${name} ${formatPercent(0)}`;
  const where = quote.taxState ? ` (${quote.taxState})` : '';
  return `${name} ${formatPercent(quote.taxPercentage)}${where}`;
}

/** The note under the summary for a reverse-charged invoice. */
export const REVERSE_CHARGE_NOTE =
  'Reverse charge: no VAT is added. Your business accounts for VAT in its own country.';
