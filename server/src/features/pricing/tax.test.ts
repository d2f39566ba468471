import { EU_COUNTRIES, US_STATES } from '@cuewave/contract/billing';
import { describe, expect, it } from 'vitest';
import { percentToRate } from './money';
import { EU_VAT_PERCENT, SELLER_COUNTRY, taxRuleFor, US_SALES_TAX_PERCENT, type TaxBuyer } from './tax';

const consumer = (country: string, state: string | null = null): TaxBuyer => ({
  country,
  state,
  type: 'personal',
  taxNumberValid: false,
});
const business = (country: string, taxNumberValid = true): TaxBuyer => ({
  country,
  state: null,
  type: 'business',
  taxNumberValid,
});

describe('tax tables', () => {
  it('has a standard VAT rate for exactly the 27 EU member states, each a valid rate', () => {
    expect(Object.keys(EU_VAT_PERCENT).sort()).toEqual([...EU_COUNTRIES].sort());
    for (const percent of Object.values(EU_VAT_PERCENT)) {
      expect(percent).toBeGreaterThanOrEqual(15); // the EU minimum standard rate
      expect(() => percentToRate(percent)).not.toThrow();
    }
  });

  it('has a rate for every US state and DC, each a valid rate', () => {
    const statesAndDc = US_STATES.map((s) => s.code).filter((c) => !['AS', 'GU', 'MP', 'PR', 'VI', 'UM'].includes(c));
    expect(Object.keys(US_SALES_TAX_PERCENT).sort()).toEqual(statesAndDc.sort());
    for (const percent of Object.values(US_SALES_TAX_PERCENT)) expect(() => percentToRate(percent)).not.toThrow();
  });

  it('sells from Poland', () => {
    expect(SELLER_COUNTRY).toBe('PL');
  });
});

describe('taxRuleFor', () => {
  it('charges EU consumers VAT at their own country rate', () => {
    expect(taxRuleFor(consumer('PL'))).toMatchObject({
      kind: 'eu_vat',
      percentage: 23,
      rate: 23_000,
      reverseCharge: false,
    });
    expect(taxRuleFor(consumer('DE'))).toMatchObject({ kind: 'eu_vat', percentage: 19, country: 'DE' });
    expect(taxRuleFor(consumer('FI')).percentage).toBe(25.5);
    expect(taxRuleFor(consumer('hu')).percentage).toBe(27);
  });

  it('reverse-charges an EU business with a valid VAT number outside Poland', () => {
    expect(taxRuleFor(business('DE'))).toMatchObject({ kind: 'reverse_charge', percentage: 0, reverseCharge: true });
    expect(taxRuleFor(business('CZ'))).toMatchObject({ kind: 'reverse_charge', rate: 0 });
  });

  it('charges Polish VAT to a business in Poland, VAT number or not', () => {
    expect(taxRuleFor(business('PL'))).toMatchObject({ kind: 'eu_vat', percentage: 23, reverseCharge: false });
    expect(taxRuleFor(business('PL', false))).toMatchObject({ kind: 'eu_vat', percentage: 23 });
  });

  it('treats an EU business whose VAT number failed the check like a consumer', () => {
    expect(taxRuleFor(business('DE', false))).toMatchObject({ kind: 'eu_vat', percentage: 19, reverseCharge: false });
  });

  it('applies US sales tax by state, 0 where digital goods are not taxed or the state is unknown', () => {
    expect(taxRuleFor(consumer('US', 'WA'))).toMatchObject({ kind: 'us_sales_tax', percentage: 6.5, state: 'WA' });
    expect(taxRuleFor(consumer('US', 'tx'))).toMatchObject({ percentage: 5, state: 'TX' });
    expect(taxRuleFor(consumer('US', 'MN'))).toMatchObject({ rate: 6_875, percentage: 6.875 });
    expect(taxRuleFor(consumer('US', 'CA'))).toMatchObject({ kind: 'us_sales_tax', percentage: 0, state: 'CA' });
    expect(taxRuleFor(consumer('US', 'OR'))).toMatchObject({ percentage: 0, state: 'OR' });
    expect(taxRuleFor(consumer('US', 'PR'))).toMatchObject({ kind: 'none', percentage: 0, state: null });
    expect(taxRuleFor(consumer('US'))).toMatchObject({ kind: 'none', percentage: 0 });
    // A US business pays the same sales tax: reverse charge is an EU rule.
    expect(taxRuleFor({ ...business('US'), state: 'NY' })).toMatchObject({ percentage: 4, reverseCharge: false });
  });

  it('charges nothing outside the EU and the US', () => {
    for (const country of ['GB', 'CH', 'NO', 'JP', 'CA', 'BR']) {
      expect(taxRuleFor(consumer(country))).toMatchObject({
        kind: 'none',
        percentage: 0,
        reverseCharge: false,
        country,
      });
    }
    expect(taxRuleFor(business('GB'))).toMatchObject({ kind: 'none', reverseCharge: false });
  });
});
