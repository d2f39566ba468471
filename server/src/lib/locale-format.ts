import { formatMoney, formatMoneyIn, type Currency } from '@cuewave/contract/pricing';
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
  money: (minor, currency) => formatMoneyIn('pl', minor, currency),
};

export function localeFormat(language: Language): LocaleFormat {
  return language === 'pl' ? POLISH : ENGLISH;
}
