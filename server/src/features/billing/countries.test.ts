import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, EU_COUNTRIES, US_STATES, isUsState } from '@cuewave/contract/billing';
import { countryList, taxCodeFor, usCountryList } from './countries';

describe('country list', () => {
  it('lists every ISO country once, with an English name, sorted by name', () => {
    const list = countryList('business');
    expect(list).toHaveLength(COUNTRY_CODES.length);
    expect(new Set(list.map((c) => c.value)).size).toBe(COUNTRY_CODES.length);
    for (const c of list) {
      expect(c.value).toMatch(/^[A-Z]{2}$/);
      // ICU falls back to the code for a region it cannot name.
      expect(c.label, c.value).not.toBe(c.value);
      expect(c.paymentMethods).toEqual(['card']);
    }
    const labels = list.map((c) => c.label);
    expect(labels).toEqual([...labels].sort(new Intl.Collator('en', { sensitivity: 'base' }).compare));
    expect(list.find((c) => c.value === 'PL')?.label).toBe('Poland');
    expect(list.find((c) => c.value === 'GB')?.label).toBe('United Kingdom');
  });

  it('names the tax number a business fills in', () => {
    expect(taxCodeFor('PL', 'business')).toBe('NIP');
    expect(taxCodeFor('DE', 'business')).toBe('VAT');
    expect(taxCodeFor('US', 'business')).toBe('EIN');
    expect(taxCodeFor('AU', 'business')).toBe('ABN');
    expect(taxCodeFor('CA', 'business')).toBe('GST');
    expect(taxCodeFor('BR', 'business')).toBe('TIN');
    for (const c of EU_COUNTRIES) expect(taxCodeFor(c, 'business')).toMatch(/^(VAT|NIP)$/);
  });

  it('asks personal buyers for no tax number anywhere', () => {
    expect(countryList('personal').every((c) => c.taxCode === 'none')).toBe(true);
  });

  it('puts the United States first in the us edition and lists its states', () => {
    const { countries, states } = usCountryList('personal');
    expect(countries[0]).toMatchObject({ value: 'US', label: 'United States' });
    expect(countries).toHaveLength(COUNTRY_CODES.length);
    expect(countries.filter((c) => c.value === 'US')).toHaveLength(1);
    expect(states).toHaveLength(US_STATES.length);
    expect(states.find((s) => s.code === 'CA')?.name).toBe('California');
    expect(states.some((s) => s.code === 'DC')).toBe(true);
    expect(isUsState('TX')).toBe(true);
    expect(isUsState('XX')).toBe(false);
  });
});
