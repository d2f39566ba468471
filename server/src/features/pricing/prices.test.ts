import { CHANNEL_LIMITS, planNameSchema } from '@cuewave/contract/account';
import { CURRENCIES } from '@cuewave/contract/pricing';
import { describe, expect, it } from 'vitest';
import { listPrice, PLANS, planTier, SORTED_PLANS } from './prices';

describe('the price table', () => {
  it('has every plan once, enterprise without a card price and the trial free', () => {
    expect(PLANS.map((p) => p.name).sort()).toEqual([...planNameSchema.options].sort());
    expect(listPrice('enterprise', 'month', 'usd')).toBeNull();
    for (const c of CURRENCIES) expect(listPrice('trial', 'month', c)).toBe(0);
    expect(PLANS.filter((p) => p.commercialPlus).map((p) => p.name)).toEqual(['professional']);
    expect(PLANS.filter((p) => p.enterprise).map((p) => p.name)).toEqual(['enterprise']);
  });

  it('prices every paid plan in whole minor units, yearly below twelve months, for every currency', () => {
    for (const plan of PLANS.filter((p) => p.purchase === 'card')) {
      for (const currency of CURRENCIES) {
        const month = listPrice(plan.name, 'month', currency)!;
        const year = listPrice(plan.name, 'year', currency)!;
        expect(Number.isSafeInteger(month) && month > 0, `${plan.name} ${currency}`).toBe(true);
        expect(Number.isSafeInteger(year) && year > 0, `${plan.name} ${currency}`).toBe(true);
        expect(year, `${plan.name} ${currency} yearly`).toBeLessThan(12 * month);
      }
    }
  });

  it('is sorted by monthly PLN price, each tier dearer than the one below in every currency', () => {
    expect(SORTED_PLANS.map((p) => p.name)).toEqual(['trial', 'start', 'advanced', 'professional', 'enterprise']);
    const paid = SORTED_PLANS.filter((p) => p.prices);
    for (let i = 1; i < paid.length; i++) {
      for (const currency of CURRENCIES) {
        for (const period of ['month', 'year'] as const) {
          expect(paid[i]!.prices![period][currency]).toBeGreaterThan(paid[i - 1]!.prices![period][currency]);
        }
      }
    }
    expect(planTier('start')).toBeLessThan(planTier('professional'));
  });

  it('states the channel limits of spec §6 in the features', () => {
    for (const plan of PLANS) {
      expect(plan.features.join(' ')).toContain(`${CHANNEL_LIMITS[plan.name]} channel`);
    }
  });
});
