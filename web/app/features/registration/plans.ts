import { CHANNEL_LIMITS, TRIAL_DAYS, type PlanName } from '@cuewave/contract/account';

export type PlanInfo = {
  name: PlanName;
  title: string;
  /** The licence tier of spec §3 the plan maps to. */
  tier: string;
  audience: string;
  channels: number;
  features: string[];
  popular?: boolean;
};

const channels = (n: number) => `Use on ${n} channel${n === 1 ? '' : 's'}`;

/** The purchasable plans (spec §3), cheapest first. Prices come with the subscriptions issue. */
export const PLANS: PlanInfo[] = [
  {
    name: 'trial',
    title: 'Free trial',
    tier: `${TRIAL_DAYS} days free`,
    audience: 'Try the whole catalogue before you commit.',
    channels: CHANNEL_LIMITS.trial,
    features: [
      'Every song and sound effect',
      channels(CHANNEL_LIMITS.trial),
      'Personal social and YouTube videos',
      'No card needed, no charge today',
    ],
  },
  {
    name: 'start',
    title: 'Start',
    tier: 'Personal',
    audience: 'For hobby creators and personal channels.',
    channels: CHANNEL_LIMITS.start,
    features: [
      'Every song and sound effect',
      channels(CHANNEL_LIMITS.start),
      'Monetise your own videos',
      'Unlimited downloads',
    ],
  },
  {
    name: 'advanced',
    title: 'Advanced',
    tier: 'Commercial',
    audience: 'For freelancers and small businesses.',
    channels: CHANNEL_LIMITS.advanced,
    features: [
      'Everything in Start',
      channels(CHANNEL_LIMITS.advanced),
      'Brand and business content',
      'Client projects',
    ],
  },
  {
    name: 'professional',
    title: 'Professional',
    tier: 'Commercial plus',
    audience: 'For agencies and growing brands.',
    channels: CHANNEL_LIMITS.professional,
    popular: true,
    features: [
      'Everything in Advanced',
      channels(CHANNEL_LIMITS.professional),
      'Paid ads on every platform',
      'Stems for every song',
    ],
  },
  {
    name: 'enterprise',
    title: 'Enterprise',
    tier: 'Enterprise',
    audience: 'For large teams, broadcasters and networks.',
    channels: CHANNEL_LIMITS.enterprise,
    features: [
      'Everything in Professional',
      channels(CHANNEL_LIMITS.enterprise),
      'TV, radio and broadcast use',
      'A dedicated account manager',
    ],
  },
];

export function planInfo(name: PlanName): PlanInfo {
  return PLANS.find((plan) => plan.name === name) ?? PLANS[0]!;
}

export function planTitle(name: PlanName): string {
  return planInfo(name).title;
}
