import { CHANNEL_LIMITS, type PlanName } from '@cuewave/contract/account';

/** The plans the pricing page compares: the ones a visitor buys (the trial is the way in, not a plan). */
export const COMPARED_PLANS = [
  'start',
  'advanced',
  'professional',
  'enterprise',
] as const satisfies readonly PlanName[];
export type ComparedPlan = (typeof COMPARED_PLANS)[number];

/** true: included; false: not included; a string: included on these terms. */
export type Cell = boolean | string;

export type ComparisonRow = { label: string; cells: Record<ComparedPlan, Cell> };

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
    label: 'Channels covered',
    cells: {
      start: String(CHANNEL_LIMITS.start),
      advanced: String(CHANNEL_LIMITS.advanced),
      professional: String(CHANNEL_LIMITS.professional),
      enterprise: String(CHANNEL_LIMITS.enterprise),
    },
  },
  { label: 'The whole music and sound-effects catalogue', cells: all(true) },
  { label: 'Unlimited downloads with stems', cells: all(true) },
  { label: 'Monetised videos on your own channels', cells: all(true) },
  { label: 'Podcasts and live streams', cells: from('advanced') },
  { label: "Your own company's channels", cells: from('advanced') },
  { label: 'Client work', cells: from('professional') },
  { label: 'Paid advertising', cells: from('professional') },
  { label: 'Websites, apps and corporate videos', cells: from('professional') },
  { label: 'Broadcast, TV and games', cells: { ...from('enterprise'), enterprise: 'As agreed' } },
  { label: 'Licence certificate anyone can verify', cells: all(true) },
  { label: 'Videos stay licensed after you cancel', cells: all(true) },
  { label: 'Payment', cells: { start: 'Card', advanced: 'Card', professional: 'Card', enterprise: 'Invoice' } },
];
