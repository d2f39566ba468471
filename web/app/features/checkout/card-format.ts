import type { CheckoutT } from './billing-model';
import {
  cardProblems,
  detectCardBrand,
  fullExpiryYear,
  normaliseCardNumber,
  type CardBrand,
  type CardFields,
} from '@cuewave/contract/payment';

/**
 * The card form's pure logic: how the number and expiry look while typed, and which field each
 * problem belongs to. The checks themselves are the contract's `cardProblems`, the same the sandbox
 * vault runs, so the form never accepts a card the server would refuse (only the server's clock
 * can disagree about an expiry month that has just ended).
 */

/** The fields the card form shows; the expiry is one "MM/YY" input. */
export type CardFormField = 'number' | 'expiry' | 'cvc' | 'name';
export type CardFormValues = Record<CardFormField, string>;
export type CardFormErrors = Partial<Record<CardFormField, string>>;

export const EMPTY_CARD: CardFormValues = { number: '', expiry: '', cvc: '', name: '' };

/** Most brands print 16 digits in fours; Amex prints 15 as 4-6-5. */
const GROUPS: Record<'amex' | 'other', number[]> = { amex: [4, 6, 5], other: [4, 4, 4, 4, 3] };

/** The most digits a number of this brand can have (ISO/IEC 7812 allows 19; Amex has 15). */
export function maxDigits(brand: CardBrand | null): number {
  return brand === 'amex' ? 15 : 19;
}

/** Digits grouped as printed on the card: "4242 4242 4242 4242", "3782 822463 10005". */
export function formatCardNumber(input: string): string {
  const all = input.replace(/\D/g, '');
  const brand = detectCardBrand(all);
  const digits = all.slice(0, maxDigits(brand));
  const groups = brand === 'amex' ? GROUPS.amex : GROUPS.other;
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

/** The brand as soon as the leading digits tell it; null while unknown. */
export function brandOf(number: string): CardBrand | null {
  const digits = normaliseCardNumber(number);
  return /^\d+$/.test(digits) ? detectCardBrand(digits) : null;
}

/**
 * The expiry field while typing: digits only, a slash after the month ("1229" → "12/29"). A first
 * digit above 1 can only be a single-digit month, so "4" becomes "04/". Deleting back over the slash
 * (the previous value ended with it) drops it instead of adding it again.
 */
export function formatExpiryInput(input: string, previous = ''): string {
  let digits = input.replace(/\D/g, '');
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  const deleting = input.length < previous.length;
  if (digits.length < 2) return digits;
  if (digits.length === 2) return deleting ? digits : `${digits}/`;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** "MM/YY" (also "M/YY", "MM/YYYY", "MMYY") as month and a four-digit year; null when not that shape. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  return { month: Number(match[1]), year: fullExpiryYear(Number(match[2])) };
}

/** The card the vault gets; an unreadable expiry becomes 0/0 so cardProblems names it. */
export function toCardFields(values: CardFormValues): CardFields {
  const expiry = parseExpiry(values.expiry);
  return {
    number: normaliseCardNumber(values.number),
    expMonth: expiry?.month ?? 0,
    expYear: expiry?.year ?? 0,
    cvc: values.cvc.trim(),
    name: values.name.trim(),
  };
}

const FIELD_OF: Record<string, CardFormField> = {
  number: 'number',
  expMonth: 'expiry',
  expYear: 'expiry',
  cvc: 'cvc',
  name: 'name',
};

/**
 * The contract's card sentences (English, also the vault's) in the language of `t` (decision 075:
 * contract texts stay English, the web words them). An unknown sentence is shown as it is.
 */
export function cardProblemText(message: string, t: CheckoutT): string {
  const cvc = /^Enter the (\d)-digit security code\.$/.exec(message)?.[1];
  if (cvc) return t('card.problem.cvc', { digits: Number(cvc) });
  const key = CARD_PROBLEM_KEYS[message];
  return key ? t(`card.problem.${key}`) : message;
}

const CARD_PROBLEM_KEYS: Record<
  string,
  'numberLength' | 'brand' | 'numberInvalid' | 'month' | 'year' | 'expired' | 'name'
> = {
  'Enter the card number: 12 to 19 digits.': 'numberLength',
  'We accept Visa, Mastercard, American Express and Discover cards.': 'brand',
  'This card number is not valid. Check it and try again.': 'numberInvalid',
  'Enter the expiry month, 1 to 12.': 'month',
  'Enter the expiry year as on the card.': 'year',
  'This card has expired.': 'expired',
  'Enter the name on the card.': 'name',
};

/** Every problem of the form, one message per field (the first wins: month before year). */
export function cardFormErrors(values: CardFormValues, t: CheckoutT, now: Date = new Date()): CardFormErrors {
  const errors: CardFormErrors = {};
  if (!values.expiry.trim()) errors.expiry = t('card.problem.expiryMissing');
  else if (!parseExpiry(values.expiry)) errors.expiry = t('card.problem.expiryFormat');
  for (const problem of cardProblems(toCardFields(values), now)) {
    const field = FIELD_OF[problem.field];
    if (field && !errors[field]) errors[field] = cardProblemText(problem.message, t);
  }
  if (!values.number.trim()) errors.number = t('card.problem.numberMissing');
  return errors;
}

/** The one problem of a single field, for checking it when it loses focus. */
export function cardFieldError(
  field: CardFormField,
  values: CardFormValues,
  t: CheckoutT,
  now: Date = new Date(),
): string | null {
  return cardFormErrors(values, t, now)[field] ?? null;
}

/** Card problems the vault answered ("Invalid body: number: …; expYear: …") mapped to the form's fields. */
export function cardErrorsFromServer(fields: Record<string, string>, t: CheckoutT): CardFormErrors {
  const errors: CardFormErrors = {};
  for (const [name, message] of Object.entries(fields)) {
    const field = FIELD_OF[name];
    if (field && !errors[field]) errors[field] = cardProblemText(message, t);
  }
  return errors;
}
