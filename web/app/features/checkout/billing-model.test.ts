import { describe, expect, it } from 'vitest';
import { getI18n } from 'react-i18next';
import type { BillingDetails } from '@cuewave/contract/billing';
import {
  billingErrorsFromServer,
  billingFormErrors,
  billingFormValues,
  taxNumberLabel,
  type CheckoutT,
  toBillingInput,
  visibleFields,
} from './billing-model';

const saved: BillingDetails = {
  type: 'business',
  firstName: 'Zofia',
  lastName: 'Wójcik',
  companyName: 'Studio Dźwięku',
  city: 'Warszawa',
  postalCode: '00-950',
  line1: 'ul. Marszałkowska 10',
  line2: null,
  taxNumber: 'PL5260250995',
  taxNumberValid: true,
  phoneNumber: null,
  country: 'PL',
  state: null,
  updateTS: '2026-11-21T12:00:00.000Z',
};

const en = () => getI18n().getFixedT('en', 'checkout') as CheckoutT;

describe('billing form model', () => {
  it('prefills saved details and starts empty in the guessed country otherwise', () => {
    expect(billingFormValues(saved)).toMatchObject({ type: 'business', companyName: 'Studio Dźwięku', line2: '' });
    expect(billingFormValues(null, 'DE')).toMatchObject({ type: 'personal', country: 'DE', firstName: '' });
  });

  it('shows company and tax number to businesses and the state in the US only', () => {
    expect(visibleFields({ type: 'personal', country: 'PL' }).has('taxNumber')).toBe(false);
    expect(visibleFields({ type: 'business', country: 'PL' }).has('companyName')).toBe(true);
    expect(visibleFields({ type: 'business', country: 'PL' }).has('state')).toBe(false);
    expect(visibleFields({ type: 'personal', country: 'US' }).has('state')).toBe(true);
  });

  it('sends hidden fields empty, so a personal buyer drops the company and a non-US one the state', () => {
    const values = { ...billingFormValues(saved), type: 'personal' as const, state: 'CA', line2: '  ' };
    expect(toBillingInput(values)).toMatchObject({
      type: 'personal',
      companyName: null,
      taxNumber: null,
      state: null,
      line2: null,
      country: 'PL',
    });
  });

  it('asks for what is required, the US state and business fields included', () => {
    const empty = { ...billingFormValues(null, 'US'), type: 'business' as const };
    expect(Object.keys(billingFormErrors(empty, en())).sort()).toEqual(
      ['city', 'companyName', 'firstName', 'lastName', 'line1', 'postalCode', 'state', 'taxNumber'].sort(),
    );
    expect(billingFormErrors(billingFormValues(saved), en())).toEqual({});
    expect(billingFormErrors({ ...billingFormValues(saved), city: 'x'.repeat(101) }, en()).city).toBe(
      'Use at most 100 characters for the city.',
    );
  });

  it('puts the server’s messages under their fields and keeps the rest apart', () => {
    expect(billingErrorsFromServer({ postalCode: 'Enter a postal code for Poland like 00-950.', foo: 'odd' })).toEqual({
      errors: { postalCode: 'Enter a postal code for Poland like 00-950.' },
      other: ['odd'],
    });
  });

  it('names the tax number as the country does', () => {
    expect(taxNumberLabel('NIP', 'PL', en())).toBe('NIP (tax number)');
    expect(taxNumberLabel('VAT', 'DE', en())).toBe('VAT number');
    expect(taxNumberLabel(undefined, 'FR', en())).toBe('VAT number');
    expect(taxNumberLabel('ABN', 'AU', en())).toBe('Tax number (ABN)');
  });
});
