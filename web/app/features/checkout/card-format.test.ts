import { describe, expect, it } from 'vitest';
import { getI18n } from 'react-i18next';
import type { CheckoutT } from './billing-model';
import {
  brandOf,
  cardErrorsFromServer,
  cardFieldError,
  cardFormErrors,
  formatCardNumber,
  formatExpiryInput,
  parseExpiry,
  toCardFields,
} from './card-format';

const NOW = new Date('2026-11-21T12:00:00Z');
const good = { number: '4242 4242 4242 4242', expiry: '12/29', cvc: '123', name: 'Zofia Wójcik' };

const en = () => getI18n().getFixedT('en', 'checkout') as CheckoutT;
const pl = () => getI18n().getFixedT('pl', 'checkout') as CheckoutT;

describe('formatCardNumber', () => {
  it('groups a 16-digit number in fours as printed', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42')).toBe('4242 4242 42');
  });

  it('groups American Express 4-6-5 and stops at 15 digits', () => {
    expect(formatCardNumber('378282246310005999')).toBe('3782 822463 10005');
  });

  it('keeps at most 19 digits for other brands and drops anything but digits', () => {
    expect(formatCardNumber('4000 0000 0000 0000 0009 99')).toBe('4000 0000 0000 0000 000');
    expect(formatCardNumber('abc')).toBe('');
  });

  it('tells the brand from the leading digits', () => {
    expect(brandOf('4')).toBe('visa');
    expect(brandOf('5555 55')).toBe('mastercard');
    expect(brandOf('2221 00')).toBe('mastercard');
    expect(brandOf('37')).toBe('amex');
    expect(brandOf('6011')).toBe('discover');
    expect(brandOf('9')).toBeNull();
    expect(brandOf('')).toBeNull();
  });
});

describe('expiry', () => {
  it('adds the slash after the month and pads a single-digit month', () => {
    expect(formatExpiryInput('1')).toBe('1');
    expect(formatExpiryInput('12')).toBe('12/');
    expect(formatExpiryInput('1229')).toBe('12/29');
    expect(formatExpiryInput('4')).toBe('04/');
    expect(formatExpiryInput('12/2')).toBe('12/2');
    expect(formatExpiryInput('12/29999')).toBe('12/29');
  });

  it('lets backspace remove the slash instead of adding it again', () => {
    expect(formatExpiryInput('12', '12/')).toBe('12');
  });

  it('reads MM/YY, M/YY, MMYY and MM/YYYY as a four-digit year', () => {
    expect(parseExpiry('12/29')).toEqual({ month: 12, year: 2029 });
    expect(parseExpiry('1/30')).toEqual({ month: 1, year: 2030 });
    expect(parseExpiry('0831')).toEqual({ month: 8, year: 2031 });
    expect(parseExpiry(' 08 / 2031 ')).toEqual({ month: 8, year: 2031 });
    expect(parseExpiry('12/')).toBeNull();
    expect(parseExpiry('ab/cd')).toBeNull();
  });

  it('sends the vault digits and whole numbers', () => {
    expect(toCardFields(good)).toEqual({
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2029,
      cvc: '123',
      name: 'Zofia Wójcik',
    });
  });
});

describe('cardFormErrors', () => {
  it('accepts a documented test card', () => {
    expect(cardFormErrors(good, en(), NOW)).toEqual({});
  });

  it('names every field that is wrong, once each', () => {
    const errors = cardFormErrors({ number: '4242 4242 4242 4241', expiry: '13/29', cvc: '12', name: ' ' }, en(), NOW);
    expect(errors).toEqual({
      number: 'This card number is not valid. Check it and try again.',
      expiry: 'Enter the expiry month, 1 to 12.',
      cvc: 'Enter the 3-digit security code.',
      name: 'Enter the name on the card.',
    });
  });

  it('asks for empty fields in plain words', () => {
    const errors = cardFormErrors({ number: '', expiry: '', cvc: '', name: '' }, en(), NOW);
    expect(errors.number).toBe('Enter the card number.');
    expect(errors.expiry).toBe('Enter the expiry date as MM/YY.');
  });

  it('knows a card is valid through its expiry month and not after', () => {
    expect(cardFieldError('expiry', { ...good, expiry: '11/26' }, en(), NOW)).toBeNull();
    expect(cardFieldError('expiry', { ...good, expiry: '10/26' }, en(), NOW)).toBe('This card has expired.');
    expect(cardFieldError('expiry', { ...good, expiry: '12' }, en(), NOW)).toBe(
      'Enter the expiry date as MM/YY, like 08/29.',
    );
  });

  it('wants four CVC digits for American Express', () => {
    const amex = { ...good, number: '3782 822463 10005' };
    expect(cardFieldError('cvc', amex, en(), NOW)).toBe('Enter the 4-digit security code.');
    expect(cardFieldError('cvc', { ...amex, cvc: '1234' }, en(), NOW)).toBeNull();
  });

  it('maps the vault’s field names onto the form', () => {
    expect(
      cardErrorsFromServer({ expMonth: 'Enter the expiry month, 1 to 12.', expYear: 'later', number: 'bad' }, en()),
    ).toEqual({ expiry: 'Enter the expiry month, 1 to 12.', number: 'bad' });
  });
});

describe('card problems in Polish', () => {
  it('words every refusal of the contract in the page’s language', () => {
    const errors = cardFormErrors(
      { number: '4242 4242 4242 4241', expiry: '13/29', cvc: '12', name: ' ' },
      pl(),
      new Date('2026-11-05T00:00:00Z'),
    );
    expect(errors.number).toBe('Ten numer karty jest nieprawidłowy. Sprawdź go i spróbuj ponownie.');
    expect(errors.expiry).toBe('Wpisz miesiąc ważności, od 1 do 12.');
    expect(errors.cvc).toBe('Wpisz 3-cyfrowy kod bezpieczeństwa.');
    expect(errors.name).toBe('Wpisz imię i nazwisko z karty.');
  });
});
