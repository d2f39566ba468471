import { describe, expect, it } from 'vitest';
import {
  SANDBOX_TEST_CARDS,
  cardProblems,
  detectCardBrand,
  fullExpiryYear,
  luhnValid,
  normaliseCardNumber,
  sandboxCardInputSchema,
  type CardFields,
} from './payment';

const NOW = new Date('2026-06-15T12:00:00Z');
const good: CardFields = {
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  name: 'Zofia Nowak',
};
const fields = (card: Partial<CardFields>) => cardProblems({ ...good, ...card }, NOW).map((p) => p.field);

describe('luhnValid', () => {
  it.each(['4242424242424242', '79927398713', '378282246310005', '6011111111111117'])('accepts %s', (n) => {
    expect(luhnValid(n)).toBe(true);
  });
  it.each(['4242424242424241', '79927398710', '1234567812345678', '', '4242x24242424242'])('rejects %s', (n) => {
    expect(luhnValid(n)).toBe(false);
  });
});

describe('detectCardBrand', () => {
  it.each([
    ['4111111111111111', 'visa'],
    ['5105105105105100', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['2720990000000007', 'mastercard'],
    ['371449635398431', 'amex'],
    ['340000000000009', 'amex'],
    ['6011000990139424', 'discover'],
    ['6445644564456445', 'discover'],
    ['6500000000000002', 'discover'],
    ['6221260000000000', 'discover'],
    ['3530111333300000', null],
    ['2721000000000000', null],
    ['5600000000000000', null],
  ] as const)('%s is %s', (number, brand) => {
    expect(detectCardBrand(number)).toBe(brand);
  });
});

describe('SANDBOX_TEST_CARDS', () => {
  it('are valid numbers of the brand they claim, with distinct numbers', () => {
    for (const card of SANDBOX_TEST_CARDS) {
      expect(luhnValid(card.number), card.number).toBe(true);
      expect(detectCardBrand(card.number), card.number).toBe(card.brand);
      expect(cardProblems({ ...good, number: card.number, cvc: card.brand === 'amex' ? '1234' : '123' }, NOW)).toEqual(
        [],
      );
    }
    expect(new Set(SANDBOX_TEST_CARDS.map((c) => c.number)).size).toBe(SANDBOX_TEST_CARDS.length);
  });

  it('cover every outcome the brief documents', () => {
    const outcomes = new Set(SANDBOX_TEST_CARDS.map((c) => c.outcome));
    for (const o of ['succeeded', 'requires_action', 'card_declined', 'insufficient_funds', 'expired_card'] as const) {
      expect(outcomes.has(o)).toBe(true);
    }
  });
});

describe('cardProblems', () => {
  it('accepts a good card, with spaces or dashes in the number', () => {
    expect(cardProblems(good, NOW)).toEqual([]);
    expect(cardProblems({ ...good, number: '4242-4242-4242-4242' }, NOW)).toEqual([]);
    expect(normaliseCardNumber(' 4242 4242-4242 4242 ')).toBe('4242424242424242');
  });

  it('names the number for a bad checksum, wrong length, letters, unknown brands', () => {
    expect(fields({ number: '4242424242424241' })).toEqual(['number']);
    expect(fields({ number: '42424242424' })).toEqual(['number']);
    expect(fields({ number: '42424242424242424242' })).toEqual(['number']);
    expect(fields({ number: '4242abcd42424242' })).toEqual(['number']);
    expect(fields({ number: '3530111333300000' })).toEqual(['number']);
    // Luhn-valid but a length Visa does not issue.
    expect(fields({ number: '424242424242424' })).toEqual(['number']);
  });

  it('names the expiry: month range, past dates by the given clock, absurd years', () => {
    expect(fields({ expMonth: 0 })).toEqual(['expMonth']);
    expect(fields({ expMonth: 13 })).toEqual(['expMonth']);
    expect(fields({ expMonth: 5, expYear: 2026 })).toEqual(['expYear']);
    expect(fields({ expMonth: 6, expYear: 2026 })).toEqual([]);
    expect(fields({ expMonth: 6, expYear: 26 })).toEqual([]);
    expect(fields({ expYear: 2025 })).toEqual(['expYear']);
    expect(fields({ expYear: 2047 })).toEqual(['expYear']);
    expect(cardProblems({ ...good, expMonth: 5, expYear: 2026 }, NOW)[0]!.message).toBe('This card has expired.');
  });

  it('wants 3 CVC digits, 4 for American Express', () => {
    expect(fields({ cvc: '12' })).toEqual(['cvc']);
    expect(fields({ cvc: '1234' })).toEqual(['cvc']);
    expect(fields({ cvc: 'abc' })).toEqual(['cvc']);
    expect(fields({ number: '378282246310005', cvc: '123' })).toEqual(['cvc']);
    expect(fields({ number: '378282246310005', cvc: '1234' })).toEqual([]);
  });

  it('wants a name, and reports every problem at once', () => {
    expect(fields({ name: '  ' })).toEqual(['name']);
    expect(fields({ number: '1', expMonth: 13, cvc: '', name: '' })).toEqual(['number', 'expMonth', 'cvc', 'name']);
  });

  it('never repeats the number in a message', () => {
    const messages = cardProblems({ ...good, number: '4242424242424241' }, NOW).map((p) => p.message);
    expect(messages.join(' ')).not.toContain('4242');
  });
});

describe('sandboxCardInputSchema', () => {
  it('takes months and years as numbers or digit strings', () => {
    const parsed = sandboxCardInputSchema.parse({ ...good, expMonth: '07', expYear: '29' });
    expect(parsed.expMonth).toBe(7);
    expect(fullExpiryYear(parsed.expYear)).toBe(2029);
    expect(sandboxCardInputSchema.safeParse({ ...good, expMonth: 'July' }).success).toBe(false);
    expect(sandboxCardInputSchema.safeParse({ ...good, expMonth: 1.5 }).success).toBe(false);
  });
});
