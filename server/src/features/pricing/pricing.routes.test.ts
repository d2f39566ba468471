import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planListSchema, priceQuoteSchema, type PriceQuote } from '@cuewave/contract/pricing';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { accountFactory, couponFactory } from '../../../test/factories';
import { sessionFor } from '../../../test/auth-helpers';
import { fixedClock } from '../../lib/clock';
import { parseCouponArgs } from './coupon-args';
import { createCoupon } from './pricing.service';

const NOW = new Date('2026-06-01T00:00:00Z');
const DAY = 86_400_000;
const clock = fixedClock(NOW);
let ctx: TestContext;
let accounts: ReturnType<typeof accountFactory>;
let coupons: ReturnType<typeof couponFactory>;

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  accounts = accountFactory(ctx.db);
  coupons = couponFactory(ctx.db);
});
afterAll(() => ctx.close());

type Buyer = {
  country: string;
  state?: string;
  type?: 'personal' | 'business';
  taxNumberValid?: boolean;
  taxNumber?: string;
};

/** A signed-in account, with billing details when `buyer` is given. */
async function user(buyer?: Buyer): Promise<{ id: string; auth: Record<string, string> }> {
  const { id } = await accounts.account({ confirmedEmail: true, phone: '+48601234567', confirmedPhone: true });
  if (buyer) {
    const business = buyer.type === 'business';
    await ctx.db
      .insertInto('billing_details')
      .values({
        account_id: id,
        type: buyer.type ?? 'personal',
        first_name: 'Zofia',
        last_name: 'Nowak',
        company_name: business ? 'Studio Nowak' : null,
        line1: 'Main street 1',
        city: 'Town',
        postal_code: '00-001',
        state: buyer.state ?? null,
        country: buyer.country,
        tax_number: buyer.taxNumber ?? (business ? 'X1234567890' : null),
        tax_number_valid: buyer.taxNumberValid ?? false,
      })
      .execute();
  }
  const { auth } = await sessionFor(ctx.db, id, clock);
  return { id, auth };
}

async function quote(path: string, headers: Record<string, string> = {}) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/subscription/price/${path}`, headers });
  return res;
}

async function okQuote(path: string, headers: Record<string, string> = {}): Promise<PriceQuote> {
  const res = await quote(path, headers);
  expect(res.statusCode, res.body).toBe(200);
  const body = priceQuoteSchema.parse(res.json());
  // The invariants of the quote hold on every answer.
  expect(body.price).toBe(body.fullPrice - body.off);
  expect(body.total).toBe(body.price + body.tax);
  expect(body.off).toBe(body.couponDiscount + body.upgradeCredit);
  return body;
}

async function expectError(path: string, status: number, error: string, headers: Record<string, string> = {}) {
  const res = await quote(path, headers);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().error).toBe(error);
  return res.json<{ error: string; message: string }>();
}

const fromCountry = (country: string) => ({ 'cf-ipcountry': country });

describe('GET /api/v1/subscription/plans', () => {
  it('lists every plan by monthly PLN price with channels, flags, prices and features', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/subscription/plans' });
    expect(res.statusCode).toBe(200);
    const plans = planListSchema.parse(res.json());
    expect(plans.map((p) => [p.name, p.channels])).toEqual([
      ['trial', 1],
      ['start', 1],
      ['advanced', 3],
      ['professional', 5],
      ['enterprise', 15],
    ]);
    const monthlyPln = plans.filter((p) => p.prices).map((p) => p.prices!.month.pln);
    expect(monthlyPln).toEqual([...monthlyPln].sort((a, b) => a - b));
    expect(plans.find((p) => p.name === 'professional')).toMatchObject({ commercialPlus: true, purchase: 'card' });
    expect(plans.find((p) => p.name === 'enterprise')).toMatchObject({
      enterprise: true,
      purchase: 'contact',
      prices: null,
    });
    expect(plans.find((p) => p.name === 'trial')).toMatchObject({ purchase: 'trial' });
    expect(plans.find((p) => p.name === 'start')!.prices!.month.usd).toBe(999);
    for (const p of plans) expect(p.features.length).toBeGreaterThan(0);
  });
});

describe('GET /api/v1/subscription/price/{plan}/{period}: tax by country', () => {
  it('a Polish consumer pays 23 % VAT in PLN', async () => {
    const { auth } = await user({ country: 'PL' });
    expect(await okQuote('start/month', auth)).toEqual({
      plan: 'start',
      period: 'month',
      currency: 'pln',
      fullPrice: 3999,
      off: 0,
      couponDiscount: 0,
      upgradeCredit: 0,
      price: 3999,
      tax: 920, // 919.77
      total: 4919,
      taxPercentage: 23,
      taxCountry: 'PL',
      taxState: null,
      reverseCharge: false,
      taxName: 'VAT',
      coupon: null,
    });
  });

  it('a German consumer pays 19 % VAT in EUR', async () => {
    const { auth } = await user({ country: 'DE' });
    expect(await okQuote('advanced/month', auth)).toMatchObject({
      currency: 'eur',
      price: 1899,
      tax: 361, // 360.81
      total: 2260,
      taxPercentage: 19,
      taxCountry: 'DE',
      reverseCharge: false,
    });
  });

  it('a German business with a valid VAT number is reverse-charged at 0 %', async () => {
    const { auth } = await user({ country: 'DE', type: 'business', taxNumberValid: true });
    expect(await okQuote('professional/year', auth)).toMatchObject({
      currency: 'eur',
      price: 31999,
      tax: 0,
      total: 31999,
      taxPercentage: 0,
      reverseCharge: true,
    });
  });

  it('a German business whose VAT number failed the check pays German VAT', async () => {
    const { auth } = await user({ country: 'DE', type: 'business', taxNumberValid: false });
    expect(await okQuote('professional/year', auth)).toMatchObject({ taxPercentage: 19, reverseCharge: false });
  });

  it('a Polish business pays 23 % VAT even with a valid VAT number (same country as the seller)', async () => {
    const { auth } = await user({ country: 'PL', type: 'business', taxNumberValid: true });
    expect(await okQuote('professional/yearly', auth)).toMatchObject({
      period: 'year',
      currency: 'pln',
      price: 133999,
      tax: 30820, // 30819.77
      total: 164819,
      taxPercentage: 23,
      reverseCharge: false,
    });
  });

  it('US buyers pay their state sales tax: Washington 6.5 %, none in Oregon or (for digital goods) California', async () => {
    const wa = await okQuote('start/month', (await user({ country: 'US', state: 'WA' })).auth);
    expect(wa).toMatchObject({ currency: 'usd', price: 999, tax: 65, total: 1064, taxPercentage: 6.5, taxState: 'WA' });
    const ca = await okQuote('start/month', (await user({ country: 'US', state: 'CA' })).auth);
    expect(ca).toMatchObject({ currency: 'usd', tax: 0, total: 999, taxPercentage: 0, taxState: 'CA' });
    const or = await okQuote('start/month', (await user({ country: 'US', state: 'OR' })).auth);
    expect(or).toMatchObject({ tax: 0, total: 999, taxState: 'OR', taxCountry: 'US' });
    const tx = await okQuote('advanced/month', (await user({ country: 'US', state: 'TX' })).auth);
    expect(tx).toMatchObject({ price: 1999, tax: 100, taxPercentage: 5 }); // 99.95
  });

  it('UK consumers pay 20 % UK VAT in GBP; buyers where the seller is not registered pay no tax', async () => {
    expect(await okQuote('start/month', (await user({ country: 'GB' })).auth)).toMatchObject({
      currency: 'gbp',
      price: 899,
      tax: 180, // 179.8
      total: 1079,
      taxPercentage: 20,
      taxCountry: 'GB',
      taxName: 'VAT',
      reverseCharge: false,
    });
    expect(await okQuote('start/month', fromCountry('GB'))).toMatchObject({ taxPercentage: 20, tax: 180 });
    expect(await okQuote('start/month', (await user({ country: 'NO' })).auth)).toMatchObject({
      taxPercentage: 25,
      taxCountry: 'NO',
    });
    expect(await okQuote('start/month', (await user({ country: 'JP' })).auth)).toMatchObject({
      currency: 'eur',
      tax: 0,
      taxPercentage: 0,
      taxCountry: 'JP',
      taxName: 'Tax',
    });
  });

  it('a UK business with a valid VAT number is reverse-charged; with a bad one it pays UK VAT', async () => {
    // billing's own check covers EU numbers only, so tax_number_valid is false for a UK number.
    const valid = await user({ country: 'GB', type: 'business', taxNumber: 'GB980780684' });
    expect(await okQuote('advanced/month', valid.auth)).toMatchObject({
      currency: 'gbp',
      price: 1699,
      tax: 0,
      total: 1699,
      taxPercentage: 0,
      reverseCharge: true,
      taxName: 'VAT',
    });
    const typo = await user({ country: 'GB', type: 'business', taxNumber: 'GB980780685' });
    expect(await okQuote('advanced/month', typo.auth)).toMatchObject({
      taxPercentage: 20,
      tax: 340,
      reverseCharge: false,
    });
  });

  it('a visitor is taxed as a consumer of the geolocated country, else the US', async () => {
    expect(await okQuote('start/month', fromCountry('PL'))).toMatchObject({ currency: 'pln', taxPercentage: 23 });
    expect(await okQuote('start/month', fromCountry('CZ'))).toMatchObject({
      currency: 'czk',
      price: 24900,
      tax: 5229,
      taxPercentage: 21,
    });
    expect(await okQuote('start/month')).toMatchObject({ currency: 'usd', taxCountry: 'US', tax: 0, taxState: null });
  });

  it('billing details win over geolocation; a signed-in user without details is geolocated', async () => {
    const { auth } = await user({ country: 'DE' });
    expect(await okQuote('start/month', { ...auth, ...fromCountry('PL') })).toMatchObject({ taxCountry: 'DE' });
    const bare = await user();
    expect(await okQuote('start/month', { ...bare.auth, ...fromCountry('FR') })).toMatchObject({
      taxCountry: 'FR',
      currency: 'eur',
      taxPercentage: 20,
    });
  });
});

describe('currency choice', () => {
  it('the query wins; the tax still follows the billing country', async () => {
    const { auth } = await user({ country: 'PL' });
    expect(await okQuote('start/month?currency=usd', auth)).toMatchObject({
      currency: 'usd',
      price: 999,
      tax: 230,
      taxPercentage: 23,
    });
    expect(await okQuote('start/month?currency=GBP', auth)).toMatchObject({ currency: 'gbp', price: 899 });
  });

  it('without a query, the current subscription currency beats the country default', async () => {
    const { id, auth } = await user({ country: 'PL' });
    await accounts.subscription(id, { plan: 'start', payPeriod: 'month', currency: 'czk', startedAt: NOW });
    expect(await okQuote('advanced/month', auth)).toMatchObject({ currency: 'czk', price: 47900 });
  });

  it('a trial (no currency) falls back to the country default', async () => {
    const { id, auth } = await user({ country: 'GB' });
    await accounts.subscription(id, {
      plan: 'trial',
      payPeriod: null,
      currency: null,
      nextPayAt: new Date(NOW.getTime() + 10 * DAY),
    });
    expect(await okQuote('advanced/year', auth)).toMatchObject({ currency: 'gbp', price: 15999 });
  });
});

describe('coupons', () => {
  it('a percentage coupon comes off the list price before tax, whatever the case of the code', async () => {
    const code = await coupons.coupon({ code: 'SPRING20', percent: 20 });
    const q = await okQuote(`professional/year?coupon=spring20`, (await user({ country: 'PL' })).auth);
    expect(code).toBe('SPRING20');
    expect(q).toMatchObject({
      fullPrice: 133999,
      couponDiscount: 26800, // 26799.8
      off: 26800,
      price: 107199,
      tax: 24656, // 24655.77
      total: 131855,
      coupon: { code: 'SPRING20', valid: true, percent: 20 },
    });
  });

  it('a fixed coupon applies in its own currency only', async () => {
    const code = await coupons.coupon({ amountMinor: 1000, currency: 'pln' });
    expect(await okQuote(`start/month?coupon=${code}`, fromCountry('PL'))).toMatchObject({
      off: 1000,
      price: 2999,
      coupon: { valid: true },
    });
    const usd = await okQuote(`start/month?coupon=${code}&currency=usd`, fromCountry('PL'));
    expect(usd).toMatchObject({ off: 0, price: 999, coupon: { code, valid: false, reason: 'currency' } });
    expect(usd.coupon!.message).toContain('PLN');
  });

  it('an expired, unknown, wrong-plan or wrong-period coupon gives the full price and the reason', async () => {
    const expired = await coupons.coupon({ expiresAt: new Date(NOW.getTime() - 1000) });
    const later = await coupons.coupon({ expiresAt: new Date(NOW.getTime() + DAY) });
    const startOnly = await coupons.coupon({ plans: ['start'] });
    const yearly = await coupons.coupon({ periods: ['year'] });
    const cases: [string, string | null][] = [
      [expired, 'expired'],
      [later, null],
      ['NOSUCHCODE', 'unknown'],
      [startOnly, 'plan'],
      [yearly, 'period'],
    ];
    for (const [code, reason] of cases) {
      const q = await okQuote(`advanced/month?coupon=${code}`, fromCountry('DE'));
      if (reason === null) {
        expect(q).toMatchObject({ off: 380, coupon: { valid: true } });
      } else {
        expect(q, code).toMatchObject({ fullPrice: 1899, off: 0, price: 1899, coupon: { code, valid: false, reason } });
        expect(q.coupon!.message).toBeTruthy();
      }
    }
    expect(await okQuote(`advanced/year?coupon=${yearly}`, fromCountry('DE'))).toMatchObject({
      coupon: { valid: true },
    });
    expect(await okQuote('advanced/month?coupon=', fromCountry('DE'))).toMatchObject({ coupon: null, off: 0 });
  });

  it('a first-purchase coupon is refused to someone who had a paid plan, allowed after only a trial', async () => {
    const code = await coupons.coupon({ percent: 50, firstPurchaseOnly: true });
    const returning = await user({ country: 'PL' });
    await accounts.subscription(returning.id, {
      plan: 'start',
      status: 'ended',
      startedAt: new Date(NOW.getTime() - 400 * DAY),
      nextPayAt: new Date(NOW.getTime() - 35 * DAY),
    });
    expect(await okQuote(`advanced/month?coupon=${code}`, returning.auth)).toMatchObject({
      off: 0,
      coupon: { valid: false, reason: 'first_purchase' },
    });

    const trialOnly = await user({ country: 'PL' });
    await accounts.subscription(trialOnly.id, { plan: 'trial', payPeriod: null, currency: null });
    expect(await okQuote(`advanced/month?coupon=${code}`, trialOnly.auth)).toMatchObject({
      off: 4000, // 7999 / 2 = 3999.5 -> 4000
      coupon: { valid: true },
    });
    expect(await okQuote(`advanced/month?coupon=${code}`, fromCountry('PL'))).toMatchObject({
      coupon: { valid: true },
    });
  });
});

describe('coupons made with coupon:create', () => {
  it('apply to quotes; a code that exists is refused with 409 CONFLICT', async () => {
    const coupon = parseCouponArgs(['--code', 'cli-fixed', '--amount', '2.50', '--currency', 'eur'], NOW);
    await createCoupon({ db: ctx.db, clock }, coupon);
    expect(await okQuote('start/month?coupon=CLI-FIXED', fromCountry('FR'))).toMatchObject({ off: 250, price: 749 });
    await expect(createCoupon({ db: ctx.db, clock }, { ...coupon, code: 'Cli-Fixed' })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });
});

describe('upgrade proration', () => {
  /** Advanced yearly in PLN, renewing on 1 December 2026: 183 of 365 days left. */
  async function advancedYearly(extra: { status?: 'active' | 'payment' | 'cancelled' } = {}) {
    const u = await user({ country: 'PL' });
    await accounts.subscription(u.id, {
      plan: 'advanced',
      payPeriod: 'year',
      currency: 'pln',
      status: extra.status ?? 'active',
      startedAt: new Date('2025-12-01T00:00:00Z'),
      nextPayAt: new Date('2026-12-01T00:00:00Z'),
    });
    return u;
  }

  it('credits the unused part of the current period before tax', async () => {
    const { auth } = await advancedYearly();
    expect(await okQuote('professional/year?upgrade=true', auth)).toMatchObject({
      currency: 'pln',
      fullPrice: 133999,
      upgradeCredit: 38103, // floor(75999 × 183 / 365)
      off: 38103,
      price: 95896,
      tax: 22056, // 22056.08
      total: 117952,
      taxPercentage: 23,
    });
  });

  it('combines with a coupon and stays in the subscription currency', async () => {
    const { auth } = await advancedYearly();
    const code = await coupons.coupon({ percent: 10 });
    expect(await okQuote(`professional/year?upgrade=1&coupon=${code}&currency=pln`, auth)).toMatchObject({
      couponDiscount: 13400,
      upgradeCredit: 38103,
      price: 133999 - 13400 - 38103,
    });
    const other = await expectError('professional/year?upgrade=true&currency=eur', 400, 'VALIDATION_FAILED', auth);
    expect(other.message).toContain('PLN');
  });

  it('refuses an upgrade without an active paid subscription, or to a plan that is not higher', async () => {
    const { auth } = await advancedYearly();
    expect((await expectError('start/year?upgrade=true', 400, 'BAD_REQUEST', auth)).message).toMatch(/above/);
    expect((await expectError('advanced/month?upgrade=true', 400, 'BAD_REQUEST', auth)).message).toMatch(/above/);

    const noSubscription = await user({ country: 'PL' });
    const none = await expectError('professional/year?upgrade=true', 400, 'BAD_REQUEST', noSubscription.auth);
    expect(none.message).toMatch(/no active paid subscription/);

    const trial = await user({ country: 'PL' });
    await accounts.subscription(trial.id, { plan: 'trial', payPeriod: null, currency: null });
    await expectError('professional/year?upgrade=true', 400, 'BAD_REQUEST', trial.auth);

    const unpaid = await advancedYearly({ status: 'payment' });
    await expectError('professional/year?upgrade=true', 400, 'BAD_REQUEST', unpaid.auth);
    await expectError('professional/year?upgrade=true', 400, 'BAD_REQUEST', fromCountry('PL'));
    // upgrade=false is an ordinary quote
    expect(await okQuote('professional/year?upgrade=false', auth)).toMatchObject({ upgradeCredit: 0 });
  });
});

describe('API documentation', () => {
  it('documents both calls and the quote schema in OpenAPI', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      paths: Record<string, { get?: { parameters?: { name: string }[] } }>;
      components: { schemas: Record<string, unknown> };
    };
    const price = doc.paths['/api/v1/subscription/price/{plan}/{period}']?.get;
    expect(price?.parameters?.map((p) => p.name).sort()).toEqual(['coupon', 'currency', 'period', 'plan', 'upgrade']);
    expect(doc.paths['/api/v1/subscription/plans']?.get).toBeDefined();
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['PriceQuote', 'Plan', 'PlanList']));
  });
});

describe('bad input', () => {
  it('answers 400 VALIDATION_FAILED for an unknown plan, period, currency or flag', async () => {
    await expectError('gold/month', 400, 'VALIDATION_FAILED');
    await expectError('start/weekly', 400, 'VALIDATION_FAILED');
    await expectError('start/month?currency=chf', 400, 'VALIDATION_FAILED');
    await expectError('start/month?upgrade=maybe', 400, 'VALIDATION_FAILED');
    await expectError(`start/month?coupon=${'A'.repeat(65)}`, 400, 'VALIDATION_FAILED');
  });

  it('explains that the trial and enterprise are not sold by card', async () => {
    expect((await expectError('trial/month', 400, 'BAD_REQUEST')).message).toMatch(/trial/);
    expect((await expectError('enterprise/year', 400, 'BAD_REQUEST')).message).toMatch(/contact us/);
  });

  it('answers 401 to a bearer that no longer verifies, so the client refreshes', async () => {
    await expectError('start/month', 401, 'verify jwt token', { authorization: 'Bearer not-a-token' });
  });
});
