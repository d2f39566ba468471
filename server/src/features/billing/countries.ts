import {
  COUNTRY_CODES,
  US_STATES,
  isEuCountry,
  type BillingType,
  type Country,
  type TaxCode,
  type UsCountryList,
} from '@cuewave/contract/billing';

/**
 * The country lists of GET /v1/payment/country/{type} (decision 042). Labels come from ICU's English
 * names so they stay current without a table of our own; the codes are the contract's ISO list.
 */

/** What a business tax number is called outside the EU, where we know it; the rest say TIN. */
const TAX_CODES: Partial<Record<string, TaxCode>> = {
  US: 'EIN',
  AU: 'ABN',
  CA: 'GST',
  NZ: 'GST',
  IN: 'GST',
  SG: 'GST',
  GB: 'VAT',
  CH: 'UID',
  LI: 'UID',
  NO: 'MVA',
};

/** The tax-number field a business in `country` fills in; personal buyers are never asked (none). */
export function taxCodeFor(country: string, type: BillingType): TaxCode {
  if (type === 'personal') return 'none';
  if (country === 'PL') return 'NIP';
  if (isEuCountry(country)) return 'VAT';
  return TAX_CODES[country] ?? 'TIN';
}

const displayNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
const collator = new Intl.Collator('en', { sensitivity: 'base' });

export function countryName(code: string): string {
  return displayNames.of(code) ?? code;
}

const byLabel = (a: { label: string }, b: { label: string }) => collator.compare(a.label, b.label);

// Both lists are the same for every request: build each once.
const cache = new Map<BillingType, Country[]>();

/** Every ISO country, sorted by English name. Only cards are taken for now (the one payment provider). */
export function countryList(type: BillingType): Country[] {
  let list = cache.get(type);
  if (!list) {
    list = COUNTRY_CODES.map((value) => ({
      value,
      label: countryName(value),
      paymentMethods: ['card' as const],
      taxCode: taxCodeFor(value, type),
    })).sort(byLabel);
    cache.set(type, list);
  }
  return list;
}

/** The us edition's view: the United States first (its default), then the rest; and the US states. */
export function usCountryList(type: BillingType): UsCountryList {
  const all = countryList(type);
  const us = all.find((c) => c.value === 'US')!;
  return {
    countries: [us, ...all.filter((c) => c.value !== 'US')],
    states: [...US_STATES].sort((a, b) => collator.compare(a.name, b.name)),
  };
}
