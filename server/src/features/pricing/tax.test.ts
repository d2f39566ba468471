import { EU_COUNTRIES, US_STATES } from '@cuewave/contract/billing';
import { describe, expect, it } from 'vitest';
import { percentToRate } from './money';
import fc from 'fast-check';
import {
  EU_VAT_PERCENT,
  foreignTaxNumberValid,
  hasValidTaxNumber,
  NON_EU_CONSUMER_TAX,
  REGISTERED_NON_EU_COUNTRIES,
  SELLER_COUNTRY,
  taxRuleFor,
  US_SALES_TAX_PERCENT,
  type TaxBuyer,
} from './tax';

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

  it('charges nothing where the seller is not registered for a consumer tax', () => {
    for (const country of ['JP', 'CA', 'BR', 'AU', 'NZ', 'IS', 'IN']) {
      expect(taxRuleFor(consumer(country))).toMatchObject({
        kind: 'none',
        percentage: 0,
        reverseCharge: false,
        country,
        name: NON_EU_CONSUMER_TAX[country]?.name ?? 'Tax',
      });
    }
    expect(taxRuleFor({ ...business('JP'), taxNumber: 'T1234567890123' })).toMatchObject({
      kind: 'none',
      reverseCharge: false,
    });
  });
});

describe('non-EU consumer tax (decision 052)', () => {
  const GB_VAT = 'GB980780684'; // HMRC's example number: passes the mod-97 check
  const NO_ORG = 'NO 923 609 016 MVA';
  const CH_UID = 'CHE-116.281.710 MWST';
  const withNumber = (country: string, taxNumber: string | null): TaxBuyer => ({
    country,
    state: null,
    type: 'business',
    taxNumberValid: false, // billing checks EU numbers only
    taxNumber,
  });

  it('charges UK consumers 20 % UK VAT, Norwegian 25 %, Swiss 8.1 %', () => {
    expect(taxRuleFor(consumer('GB'))).toMatchObject({
      kind: 'non_eu_vat',
      rate: 20_000,
      percentage: 20,
      reverseCharge: false,
      country: 'GB',
      name: 'VAT',
    });
    expect(taxRuleFor(consumer('no'))).toMatchObject({ kind: 'non_eu_vat', percentage: 25, country: 'NO' });
    expect(taxRuleFor(consumer('CH'))).toMatchObject({ kind: 'non_eu_vat', rate: 8_100, percentage: 8.1 });
  });

  it('reverse-charges a business with a valid UK, Norwegian or Swiss number', () => {
    expect(taxRuleFor(withNumber('GB', GB_VAT))).toMatchObject({
      kind: 'reverse_charge',
      percentage: 0,
      reverseCharge: true,
      name: 'VAT',
    });
    expect(taxRuleFor(withNumber('GB', '980 7806 84'))).toMatchObject({ reverseCharge: true });
    expect(taxRuleFor(withNumber('NO', NO_ORG))).toMatchObject({ reverseCharge: true });
    expect(taxRuleFor(withNumber('CH', CH_UID))).toMatchObject({ reverseCharge: true });
  });

  it('charges a business whose number is missing or fails the check like a consumer', () => {
    expect(taxRuleFor(withNumber('GB', null))).toMatchObject({
      kind: 'non_eu_vat',
      percentage: 20,
      reverseCharge: false,
    });
    expect(taxRuleFor(withNumber('GB', 'GB123456789'))).toMatchObject({ percentage: 20, reverseCharge: false });
    expect(taxRuleFor(withNumber('NO', 'NO923609017MVA'))).toMatchObject({ percentage: 25 });
    expect(taxRuleFor(withNumber('CH', 'CHE-105.805.080'))).toMatchObject({ percentage: 8.1 });
    // A UK number does not make a Norwegian business valid, nor an EU number a UK one.
    expect(taxRuleFor(withNumber('NO', GB_VAT)).reverseCharge).toBe(false);
    expect(taxRuleFor({ ...withNumber('GB', 'DE123456789'), taxNumberValid: false }).reverseCharge).toBe(false);
    // A consumer who typed a number is still a consumer.
    expect(taxRuleFor({ ...consumer('GB'), taxNumber: GB_VAT })).toMatchObject({ percentage: 20 });
  });

  it('checks the check digits of UK, Norwegian and Swiss numbers', () => {
    expect(foreignTaxNumberValid('GB', GB_VAT)).toBe(true);
    expect(foreignTaxNumberValid('GB', 'GB980780684001')).toBe(true); // a branch suffix
    expect(foreignTaxNumberValid('GB', 'GB980780685')).toBe(false);
    expect(foreignTaxNumberValid('GB', 'GB98078068')).toBe(false);
    expect(foreignTaxNumberValid('NO', '923609016')).toBe(true);
    expect(foreignTaxNumberValid('CH', 'CHE116281710')).toBe(true);
    expect(foreignTaxNumberValid('CH', '116281710')).toBe(false); // the CHE prefix is part of the UID
    expect(foreignTaxNumberValid('JP', 'T1234567890123')).toBe(false);
    expect(foreignTaxNumberValid('GB', '')).toBe(false);
  });

  it('registers only countries it has a rate for, none in the EU or the US', () => {
    for (const country of REGISTERED_NON_EU_COUNTRIES) {
      expect(NON_EU_CONSUMER_TAX[country], country).toBeDefined();
      expect(EU_VAT_PERCENT[country]).toBeUndefined();
      expect(country).not.toBe('US');
    }
    for (const { percent } of Object.values(NON_EU_CONSUMER_TAX)) expect(() => percentToRate(percent)).not.toThrow();
  });

  it('property: a registered country charges its rate unless a business has a valid number, and US and EU rules are unchanged', () => {
    const buyers = fc.record({
      country: fc.constantFrom(...REGISTERED_NON_EU_COUNTRIES, 'US', 'DE', 'PL', 'JP'),
      state: fc.constantFrom(null, 'WA', 'CA', 'TX'),
      type: fc.constantFrom('personal' as const, 'business' as const),
      taxNumberValid: fc.boolean(),
      taxNumber: fc.constantFrom(null, GB_VAT, NO_ORG, CH_UID, 'junk'),
    });
    fc.assert(
      fc.property(buyers, (buyer) => {
        const r = taxRuleFor(buyer);
        expect(r.reverseCharge).toBe(r.kind === 'reverse_charge');
        if (r.reverseCharge) expect(r.rate).toBe(0);
        if (REGISTERED_NON_EU_COUNTRIES.includes(buyer.country)) {
          const valid = hasValidTaxNumber(buyer);
          expect(r.reverseCharge).toBe(valid);
          if (!valid) expect(r.percentage).toBe(NON_EU_CONSUMER_TAX[buyer.country]!.percent);
          expect(valid).toBe(
            buyer.type === 'business' &&
              (buyer.taxNumberValid || foreignTaxNumberValid(buyer.country, buyer.taxNumber)),
          );
        }
        // The tax number only matters outside the EU: EU and US answers ignore it.
        if (!REGISTERED_NON_EU_COUNTRIES.includes(buyer.country)) {
          expect(r).toEqual(taxRuleFor({ ...buyer, taxNumber: null }));
        }
        if (buyer.country === 'US') expect(r.reverseCharge).toBe(false);
      }),
    );
  });
});
