import { describe, expect, it } from 'vitest';
import { CouponUsageError, describeCoupon, parseAmount, parseCouponArgs, parseExpiry } from './coupon-args';

const now = new Date('2026-06-01T00:00:00Z');
const parse = (line: string) => parseCouponArgs(line.split(' ').filter(Boolean), now);
const problem = (line: string) => {
  try {
    parse(line);
  } catch (error) {
    expect(error).toBeInstanceOf(CouponUsageError);
    return (error as Error).message;
  }
  throw new Error(`accepted: ${line}`);
};

describe('coupon:create arguments', () => {
  it('reads a percentage coupon with restrictions', () => {
    const coupon = parse(
      '--code spring20 --percent 20 --plans start,advanced --periods month,yearly --expires 2027-01-01 --first-purchase',
    );
    expect(coupon).toEqual({
      code: 'SPRING20',
      kind: 'percent',
      percent: 20,
      amountMinor: null,
      currency: null,
      plans: ['start', 'advanced'],
      periods: ['month', 'year'],
      firstPurchaseOnly: true,
      expiresAt: new Date('2027-01-01T00:00:00Z'),
    });
    expect(describeCoupon(coupon)).toBe(
      'SPRING20: 20 % off; plans start, advanced; periods month, year; first purchase only; until 2027-01-01T00:00:00.000Z',
    );
  });

  it('reads a fixed coupon in one currency, without floating point', () => {
    expect(parse('--code TENOFF --amount 10.5 --currency PLN')).toMatchObject({
      kind: 'fixed',
      amountMinor: 1050,
      currency: 'pln',
      plans: null,
      periods: null,
      firstPurchaseOnly: false,
      expiresAt: null,
    });
    expect(parseAmount('0.29')).toBe(29);
    expect(parseAmount('19.99')).toBe(1999);
    expect(parseAmount('5')).toBe(500);
  });

  it('reads a set first-period price: the US launch "first month for $0.99" (decision 072)', () => {
    const coupon = parse('--code USLAUNCH --price 0.99 --currency usd --periods month');
    expect(coupon).toMatchObject({
      kind: 'price',
      amountMinor: 99,
      currency: 'usd',
      percent: null,
      periods: ['month'],
    });
    expect(describeCoupon(coupon)).toMatch(/^USLAUNCH: first payment 0.99 USD; plans all; periods month/);
  });

  it('explains every mistake', () => {
    expect(problem('--percent 20')).toMatch(/--code is required/);
    expect(problem('--code a --percent 20')).toMatch(/--code must be/);
    expect(problem('--code BAD!CODE --percent 20')).toMatch(/--code must be/);
    expect(problem('--code X1')).toMatch(/one of --percent, --amount or --price/);
    expect(problem('--code X1 --percent 20 --amount 5 --currency usd')).toMatch(/one of --percent/);
    expect(problem('--code X1 --amount 5 --price 1 --currency usd')).toMatch(/one of --percent/);
    expect(problem('--code X1 --price 0.99')).toMatch(/--price needs --currency/);
    expect(problem('--code X1 --price 0 --currency usd')).toMatch(/--price must be more than 0/);
    expect(problem('--code X1 --percent 0')).toMatch(/1 to 100/);
    expect(problem('--code X1 --percent 101')).toMatch(/1 to 100/);
    expect(problem('--code X1 --percent 12.5')).toMatch(/whole number/);
    expect(problem('--code X1 --percent 20 --currency usd')).toMatch(/--currency goes with --amount/);
    expect(problem('--code X1 --amount 5')).toMatch(/needs --currency/);
    expect(problem('--code X1 --amount 5 --currency chf')).toMatch(/needs --currency/);
    expect(problem('--code X1 --amount 5.999 --currency usd')).toMatch(/--amount must be/);
    expect(problem('--code X1 --amount 0 --currency usd')).toMatch(/more than 0/);
    expect(problem('--code X1 --percent 20 --plans start,gold')).toMatch(/"gold" is not a plan/);
    expect(problem('--code X1 --percent 20 --plans enterprise')).toMatch(/not a plan sold by card/);
    expect(problem('--code X1 --percent 20 --periods week')).toMatch(/"week" is not month or year/);
    expect(problem('--code X1 --percent 20 --plans ,')).toMatch(/at least one value/);
    expect(problem('--code X1 --percent 20 --expires tomorrow')).toMatch(/date like 2027-01-01/);
    expect(problem('--code X1 --percent 20 --expires 2027-02-30')).toMatch(/not a real date/);
    expect(problem('--code X1 --percent 20 --expires 2020-01-01')).toMatch(/in the future/);
    expect(problem('--code X1 --percent 20 --colour red')).toMatch(/colour/);
  });

  it('takes a full ISO time as the expiry', () => {
    expect(parseExpiry('2026-06-01T12:30:00+02:00', now)).toEqual(new Date('2026-06-01T10:30:00Z'));
  });
});
