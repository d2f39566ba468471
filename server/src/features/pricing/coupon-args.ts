import { parseArgs } from 'node:util';
import { planNameSchema, type BillingPeriod, type PlanName } from '@cuewave/contract/account';
import { currencySchema, periodParamSchema } from '@cuewave/contract/pricing';
import { COUPON_CODE_PATTERN, normaliseCouponCode, type Coupon } from './coupon';

export const COUPON_USAGE =
  'usage: npm run coupon:create -- --code CODE (--percent N | --amount 5.00 --currency pln | --price 0.99 --currency usd)\n' +
  '         [--plans start,advanced,professional] [--periods month,year] [--expires YYYY-MM-DD] [--first-purchase]\n' +
  '  --percent: that share off the first payment; --amount: that much off; --price: the first payment costs that\n' +
  '  much (with --periods month: "first month for 0.99"). Renewals are always at the list price.';

/** A command-line mistake: the CLI prints the message and exits 1. */
export class CouponUsageError extends Error {}

const fail = (message: string): never => {
  throw new CouponUsageError(message);
};

const PURCHASABLE: readonly PlanName[] = ['start', 'advanced', 'professional'];

function list(raw: string | undefined): string[] | null {
  if (raw === undefined) return null;
  const items = raw
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  return items.length ? [...new Set(items)] : fail('a list option needs at least one value');
}

/** "5", "5.5", "5.50" -> 500, 550, 550 minor units, read as text so no floating point is involved. */
export function parseAmount(raw: string, option = '--amount'): number {
  const m = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(raw.trim());
  if (!m) return fail(`${option} must be an amount like 5 or 5.00, got "${raw}"`);
  const minor = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return minor > 0 ? minor : fail(`${option} must be more than 0`);
}

/** YYYY-MM-DD (00:00 UTC that day) or a full ISO time; the coupon works until then. */
export function parseExpiry(raw: string, now: Date): Date {
  const text = raw.trim();
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(text);
  const isoTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(text);
  if (!dateOnly && !isoTime) return fail(`--expires must be a date like 2027-01-01, got "${raw}"`);
  const at = new Date(dateOnly ? `${text}T00:00:00Z` : text);
  if (Number.isNaN(at.getTime()) || (dateOnly && at.toISOString().slice(0, 10) !== text)) {
    return fail(`--expires is not a real date: "${raw}"`);
  }
  return at > now ? at : fail(`--expires must be in the future, got ${at.toISOString()}`);
}

/** The coupon described by the CLI arguments; throws CouponUsageError with a readable message. */
export function parseCouponArgs(args: string[], now: Date): Coupon {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        code: { type: 'string' },
        percent: { type: 'string' },
        amount: { type: 'string' },
        price: { type: 'string' },
        currency: { type: 'string' },
        plans: { type: 'string' },
        periods: { type: 'string' },
        expires: { type: 'string' },
        'first-purchase': { type: 'boolean' },
      },
    }));
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }

  if (values.code === undefined) fail('--code is required');
  const code = normaliseCouponCode(values.code!);
  if (!COUPON_CODE_PATTERN.test(code)) {
    fail('--code must be 2–40 letters, digits, - or _, starting with a letter or digit');
  }

  const kinds = [values.percent, values.amount, values.price].filter((v) => v !== undefined).length;
  if (kinds !== 1) fail('give one of --percent, --amount or --price');
  let percent: number | null = null;
  let amountMinor: number | null = null;
  let currency: Coupon['currency'] = null;
  if (values.percent !== undefined) {
    percent = Number(values.percent);
    if (!/^\d+$/.test(values.percent.trim()) || percent < 1 || percent > 100) {
      fail(`--percent must be a whole number from 1 to 100, got "${values.percent}"`);
    }
    if (values.currency !== undefined) fail('--currency goes with --amount or --price only');
  } else {
    const option = values.amount !== undefined ? '--amount' : '--price';
    amountMinor = parseAmount((values.amount ?? values.price)!, option);
    const parsed = currencySchema.safeParse(values.currency?.trim().toLowerCase());
    if (!parsed.success) fail(`${option} needs --currency: usd, eur, pln, czk or gbp`);
    currency = parsed.data!;
  }

  const plans = list(values.plans)?.map((p) => {
    const plan = planNameSchema.safeParse(p);
    if (!plan.success || !PURCHASABLE.includes(plan.data)) {
      return fail(`--plans: "${p}" is not a plan sold by card (${PURCHASABLE.join(', ')})`);
    }
    return plan.data;
  });
  const periods = list(values.periods)?.map((p): BillingPeriod => {
    const period = periodParamSchema.safeParse(p);
    return period.success ? period.data : fail(`--periods: "${p}" is not month or year`);
  });

  return {
    code,
    kind: percent !== null ? 'percent' : values.price !== undefined ? 'price' : 'fixed',
    percent,
    amountMinor,
    currency,
    plans: plans ?? null,
    periods: periods ? [...new Set(periods)] : null,
    firstPurchaseOnly: values['first-purchase'] ?? false,
    expiresAt: values.expires === undefined ? null : parseExpiry(values.expires, now),
  };
}

/** One line saying what the coupon does, for the CLI's answer. */
export function describeCoupon(c: Coupon): string {
  const amount = c.amountMinor === null ? '' : `${(c.amountMinor / 100).toFixed(2)} ${c.currency!.toUpperCase()}`;
  const off =
    c.kind === 'percent' ? `${c.percent} % off` : c.kind === 'fixed' ? `${amount} off` : `first payment ${amount}`;
  return [
    `${c.code}: ${off}`,
    `plans ${c.plans ? c.plans.join(', ') : 'all'}`,
    `periods ${c.periods ? c.periods.join(', ') : 'all'}`,
    c.firstPurchaseOnly ? 'first purchase only' : 'any purchase',
    c.expiresAt ? `until ${c.expiresAt.toISOString()}` : 'no expiry',
  ].join('; ');
}
