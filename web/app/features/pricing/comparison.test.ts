import { describe, expect, it } from 'vitest';
import { CHANNEL_LIMITS } from '@cuewave/contract/account-rules';
import { COMPARED_PLANS, COMPARISON_ROWS } from './comparison';

describe('the plan comparison', () => {
  it('shows the channel limits of the contract', () => {
    const channels = COMPARISON_ROWS.find((row) => row.key === 'channels')!;
    for (const plan of COMPARED_PLANS) expect(channels.cells[plan]).toBe(CHANNEL_LIMITS[plan]);
  });

  it('never takes away at a higher plan what a lower one includes', () => {
    for (const row of COMPARISON_ROWS) {
      const included = COMPARED_PLANS.map((plan) => row.cells[plan] !== false);
      const firstIncluded = included.indexOf(true);
      if (firstIncluded >= 0) expect(included.slice(firstIncluded).every(Boolean), row.key).toBe(true);
    }
  });

  it('keeps broadcast for Enterprise, client work and ads from Professional up', () => {
    const row = (key: string) => COMPARISON_ROWS.find((r) => r.key === key)!.cells;
    expect(row('broadcast')).toEqual({
      start: false,
      advanced: false,
      professional: false,
      enterprise: 'asAgreed',
    });
    expect(row('clientWork')).toMatchObject({ advanced: false, professional: true });
    expect(row('paidAds')).toMatchObject({ advanced: false, professional: true });
  });
});
