import { useMemo } from 'react';
import { formatMoney as formatMoneyEnglish, formatMoneyIn, type Currency } from '@cuewave/contract/pricing';
import { formatDate as formatDateEnglish } from '../lib/format';
import { LANGUAGE_LOCALES, type Language } from './languages';
import { usePageLanguage } from './page-texts';

/**
 * Prices, dates and numbers in the page's language (issue 15, decision 075). English keeps the
 * spec's own forms (§9: "$9.99", 'Jan 5, 2025', "1,204"); Polish gets its locale's ("9,99 USD",
 * "5 sty 2025", "1204"). Dates are in UTC so the server render and the hydration print the same.
 */
export interface Formatters {
  language: Language;
  number(value: number): string;
  date(ts: number | string | Date): string;
  money(minor: number, currency: Currency): string;
}

const polishNumber = new Intl.NumberFormat(LANGUAGE_LOCALES.pl);
const polishDate = new Intl.DateTimeFormat(LANGUAGE_LOCALES.pl, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const ENGLISH: Formatters = {
  language: 'en',
  number: (value) => value.toLocaleString('en-US'),
  date: formatDateEnglish,
  money: formatMoneyEnglish,
};

const POLISH: Formatters = {
  language: 'pl',
  number: (value) => polishNumber.format(value),
  date(ts) {
    const date = ts instanceof Date ? ts : new Date(ts);
    return Number.isNaN(date.getTime()) ? '' : polishDate.format(date);
  },
  money: (minor, currency) => formatMoneyIn('pl', minor, currency),
};

export function formattersFor(language: Language): Formatters {
  return language === 'pl' ? POLISH : ENGLISH;
}

/** The formatters of the page's language. */
export function useFormat(): Formatters {
  const language = usePageLanguage();
  return useMemo(() => formattersFor(language), [language]);
}
