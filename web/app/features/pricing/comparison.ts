import { CHANNEL_LIMITS, type PlanName } from '@cuewave/contract/account-rules';

/** The plans the pricing page compares: the ones a visitor buys (the trial is the way in, not a plan). */
export const COMPARED_PLANS = [
  'start',
  'advanced',
  'professional',
  'enterprise',
] as const satisfies readonly PlanName[];
export type ComparedPlan = (typeof COMPARED_PLANS)[number];

/**
 * true: included; false: not included; a number: how many; a string: included on these terms, the key
 * of its words under `comparison.values` (locales/*.json).
 */
export type Cell = boolean | number | 'asAgreed' | 'card' | 'invoice';

/** `key` names the row's label under `comparison.rows` (locales/*.json). */
export type ComparisonRow = { key: string; cells: Record<ComparedPlan, Cell> };

const all = (value: Cell): Record<ComparedPlan, Cell> => ({
  start: value,
  advanced: value,
  professional: value,
  enterprise: value,
});
const from = (first: ComparedPlan): Record<ComparedPlan, Cell> => {
  const at = COMPARED_PLANS.indexOf(first);
  return Object.fromEntries(COMPARED_PLANS.map((plan, i) => [plan, i >= at])) as Record<ComparedPlan, boolean>;
};

/**
 * What each plan allows, row by row. It says in a grid what LICENCE_TERMS (contract/src/licence.ts)
 * says in sentences on the certificate; a change to the terms must change this table too (the unit
 * test checks that the channel row follows CHANNEL_LIMITS).
 */
export const COMPARISON_ROWS: readonly ComparisonRow[] = [
  {
    key: 'channels',
    cells: {
      start: CHANNEL_LIMITS.start,
      advanced: CHANNEL_LIMITS.advanced,
      professional: CHANNEL_LIMITS.professional,
      enterprise: CHANNEL_LIMITS.enterprise,
    },
  },
  { key: 'catalogue', cells: all(true) },
  { key: 'downloads', cells: all(true) },
  { key: 'monetised', cells: all(true) },
  { key: 'podcasts', cells: from('advanced') },
  { key: 'companyChannels', cells: from('advanced') },
  { key: 'clientWork', cells: from('professional') },
  { key: 'paidAds', cells: from('professional') },
  { key: 'websites', cells: from('professional') },
  { key: 'broadcast', cells: { ...from('enterprise'), enterprise: 'asAgreed' } },
  { key: 'certificate', cells: all(true) },
  { key: 'afterCancel', cells: all(true) },
  { key: 'payment', cells: { start: 'card', advanced: 'card', professional: 'card', enterprise: 'invoice' } },
];
