import { formatMoney, type Currency } from '@cuewave/contract/pricing';
import { LANGUAGE_LOCALES, type Language } from '@cuewave/contract/languages';

/**
 * Dates, numbers and money in emails and documents, in the reader's language (decision 076). English
 * keeps the spec's forms (§9: 'Mon D, YYYY', "$9.99", the web's own); Polish gets pl-PL's
 * ("28 listopada 2026", "1234,50 zł"): a document spells the month out, as Polish letters and
 * invoices do. Dates are in UTC, so every server prints the same day.
 */
export type LocaleFormat = {
  language: Language;
  date(at: Date): string;
  number(value: number): string;
  money(minor: number, currency: Currency): string;
};

const englishDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const polishDate = new Intl.DateTimeFormat(LANGUAGE_LOCALES.pl, {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const polishNumber = new Intl.NumberFormat(LANGUAGE_LOCALES.pl);
const polishMoney = new Map<Currency, Intl.NumberFormat>();

/** Minor units as an exact decimal string ("-150" → "-1.50"): no float rounding reaches a document. */
function decimal(minor: number): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not a whole number of minor units: ${minor}`);
  const abs = Math.abs(minor);
  return `${minor < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

function polishMoneyFormat(currency: Currency): Intl.NumberFormat {
  let format = polishMoney.get(currency);
  if (!format) {
    format = new Intl.NumberFormat(LANGUAGE_LOCALES.pl, { style: 'currency', currency: currency.toUpperCase() });
    polishMoney.set(currency, format);
  }
  return format;
}

const ENGLISH: LocaleFormat = {
  language: 'en',
  date: (at) => englishDate.format(at),
  number: (value) => value.toLocaleString('en-US'),
  money: formatMoney,
};

const POLISH: LocaleFormat = {
  language: 'pl',
  date: (at) => polishDate.format(at),
  number: (value) => polishNumber.format(value),
  // Intl takes decimal strings exactly (ES2023); the cast is for TypeScript's older signature.
  money: (minor, currency) => polishMoneyFormat(currency).format(decimal(minor) as unknown as number),
};

export function localeFormat(language: Language): LocaleFormat {
  return language === 'pl' ? POLISH : ENGLISH;
}
