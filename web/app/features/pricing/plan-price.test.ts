import { describe, expect, it } from 'vitest';
import { CURRENCIES } from '@cuewave/contract/pricing';
import { bestYearlySavingPercent, isCardPlan, listPriceOf, perMonthOf, yearlySavingOf } from './plan-price';
import { planFixture, PLANS_FIXTURE } from './plans.fixture';

describe('plan prices for display', () => {
  it('reads the list price of a period and currency, and null for a plan without a card price', () => {
    expect(listPriceOf(planFixture('professional'), 'year', 'pln')).toBe(133999);
    expect(listPriceOf(planFixture('start'), 'month', 'gbp')).toBe(899);
    expect(listPriceOf(planFixture('enterprise'), 'month', 'usd')).toBeNull();
  });

  it('spreads a yearly price over 12 months, rounded to a whole cent', () => {
    expect(perMonthOf(planFixture('professional'), 'year', 'usd')).toBe(2750); // 329.99 / 12 = 27.499…
    expect(perMonthOf(planFixture('start'), 'year', 'usd')).toBe(800); // 95.99 / 12 = 7.999…
    expect(perMonthOf(planFixture('professional'), 'month', 'usd')).toBe(3499);
    expect(perMonthOf(planFixture('enterprise'), 'year', 'usd')).toBeNull();
  });

  it('works out the yearly saving over twelve monthly payments, never overstating the percentage', () => {
    // 12 × 34.99 = 419.88; 419.88 − 329.99 = 89.89, 21.4 % → 21.
    expect(yearlySavingOf(planFixture('professional'), 'usd')).toEqual({ amount: 8989, percent: 21 });
    // 12 × 9.99 = 119.88; 119.88 − 95.99 = 23.89, 19.93 % → 19 (rounded down).
    expect(yearlySavingOf(planFixture('start'), 'usd')).toEqual({ amount: 2389, percent: 19 });
    expect(yearlySavingOf(planFixture('trial'), 'usd')).toBeNull();
    expect(yearlySavingOf(planFixture('enterprise'), 'usd')).toBeNull();
  });

  it('every card plan saves something yearly in every currency', () => {
    for (const plan of PLANS_FIXTURE.filter(isCardPlan))
      for (const currency of CURRENCIES) expect(yearlySavingOf(plan, currency)?.amount).toBeGreaterThan(0);
  });

  it('finds the best saving for the toggle hint', () => {
    expect(bestYearlySavingPercent(PLANS_FIXTURE, 'usd')).toBe(21);
    expect(bestYearlySavingPercent([planFixture('trial'), planFixture('enterprise')], 'usd')).toBeNull();
  });
});
