import { describe, expect, it } from 'vitest';
import type { Country } from '@cuewave/contract/billing';
import { localizedCountries } from './countries';

const country = (value: string, label: string): Country => ({
  value,
  label,
  paymentMethods: ['card'],
  taxCode: 'none',
});
const LIST = [country('DE', 'Germany'), country('PL', 'Poland'), country('ES', 'Spain')];

describe('localizedCountries', () => {
  it('keeps the API’s English list for English pages', () => {
    expect(localizedCountries(LIST, 'en')).toBe(LIST);
  });

  it('names and sorts the countries in Polish for Polish pages', () => {
    expect(localizedCountries(LIST, 'pl').map((c) => [c.value, c.label])).toEqual([
      ['ES', 'Hiszpania'],
      ['DE', 'Niemcy'],
      ['PL', 'Polska'],
    ]);
  });
});
