import { isEuCountry } from '@cuewave/contract/billing';
import type { PriceQuote } from '@cuewave/contract/pricing';
import type { Formatters } from '../../i18n/format';
import type { CheckoutT } from './billing-model';

/**
 * The rows of an order summary from a price quote (decision 041). Every amount is the server's:
 * nothing here adds or rounds money, it only words and formats what the quote says, in the language
 * of `t` (`checkout` texts) and `format` (useFormat()).
 */

export type QuoteLine = {
  key: 'list' | 'coupon' | 'credit' | 'net' | 'tax' | 'total';
  label: string;
  amount: string;
  /** Explains the line (e.g. which coupon). */
  detail?: string;
};

/**
 * "23 %", "25.5 %", "6.875 %": the rate as the server sent it, with a thin space before the sign;
 * Polish writes the decimal comma ("25,5 %").
 */
export function formatPercent(rate: number, language: string = 'en'): string {
  const text = Number.isInteger(rate) ? String(rate) : String(Number(rate.toFixed(3)));
  return `${language === 'pl' ? text.replace('.', ',') : text}\u202f%`;
}

/** What the tax is called where it applies: the server's name (decision 052: UK VAT too), else VAT in the EU, sales tax in the US. */
export function taxName(quote: Pick<PriceQuote, 'taxCountry' | 'taxName'>, t: CheckoutT): string {
  if (quote.taxName) return quote.taxName;
  if (isEuCountry(quote.taxCountry)) return t('quote.vat');
  if (quote.taxCountry === 'US') return t('quote.salesTax');
  return t('quote.tax');
}

export function quoteLines(quote: PriceQuote, itemLabel: string, t: CheckoutT, format: Formatters): QuoteLine[] {
  const money = (minor: number) => format.money(minor, quote.currency);
  const lines: QuoteLine[] = [{ key: 'list', label: itemLabel, amount: money(quote.fullPrice) }];
  if (quote.couponDiscount > 0) {
    lines.push({
      key: 'coupon',
      label: quote.coupon?.code ? t('quote.discountCode', { code: quote.coupon.code }) : t('quote.discount'),
      amount: money(-quote.couponDiscount),
    });
  }
  if (quote.upgradeCredit > 0) {
    lines.push({ key: 'credit', label: t('quote.credit'), amount: money(-quote.upgradeCredit) });
  }
  if (quote.off > 0) lines.push({ key: 'net', label: t('quote.subtotal'), amount: money(quote.price) });
  lines.push({ key: 'tax', label: taxLabel(quote, t, format.language), amount: money(quote.tax) });
  lines.push({ key: 'total', label: t('quote.total'), amount: money(quote.total) });
  return lines;
}

function taxLabel(quote: PriceQuote, t: CheckoutT, language: string): string {
  const name = taxName(quote, t);
  if (quote.reverseCharge) return t('quote.reverseChargeRate', { name, rate: formatPercent(0, language) });
  if (quote.taxPercentage === 0) return `${name} ${formatPercent(0, language)}`;
  const where = quote.taxState ? ` (${quote.taxState})` : '';
  return `${name} ${formatPercent(quote.taxPercentage, language)}${where}`;
}
