import type { TFunction } from 'i18next';
import { CHANNEL_LIMITS, TRIAL_DAYS, type PlanName } from '@cuewave/contract/account-rules';

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

/** Texts of the `registration` namespace. */
export type RegistrationT = TFunction<'registration'>;

/** The English lines above in the page's language: the same plan, told by `plans.<name>.*` texts. */
export function planTexts(
  name: PlanName,
  t: RegistrationT,
): Pick<PlanInfo, 'title' | 'tier' | 'audience' | 'features'> {
  const plan = planInfo(name);
  return {
    title: t(`plans.${plan.name}.title`),
    tier: t(`plans.${plan.name}.tier`, { days: TRIAL_DAYS }),
    audience: t(`plans.${plan.name}.audience`),
    features: [
      t(`plans.${plan.name}.feature1`),
      t('plans.channels', { count: plan.channels }),
      t(`plans.${plan.name}.feature3`),
      t(`plans.${plan.name}.feature4`),
    ],
  };
}

/** A plan's name in the page's language ("Free trial" / "Okres próbny"; the paid plans keep their names). */
export function planTitleText(name: PlanName, t: RegistrationT): string {
  return t(`plans.${planInfo(name).name}.title`);
}

/**
 * The API's plan features (GET /v1/subscription/plans) are English sentences of a fixed set; the page
 * shows the known ones in its own language (`apiFeatures.*`) and any new one as the API wrote it.
 */
const API_FEATURES: Record<string, string> = {
  'Free for 30 days, no card needed': 'freeTrial',
  'The whole music and sound-effects catalogue': 'wholeCatalogue',
  'Downloads with stems': 'stems',
  'Unlimited downloads with stems': 'unlimitedStems',
  'Monetised videos on your own social channel': 'monetised',
  'Everything in Start': 'everythingStart',
  'Podcasts and live streams': 'podcasts',
  "Content for your own company's channels": 'companyChannels',
  'Everything in Advanced': 'everythingAdvanced',
  'Commercial-plus licence: client work and paid advertising': 'commercialPlus',
  'Websites, apps and corporate videos': 'websites',
  'Everything in Professional': 'everythingProfessional',
  'Broadcast, TV, games and custom licence terms': 'broadcast',
  'Priced for your team: contact us, paid by invoice': 'pricedForTeam',
};

export function apiFeatureText(feature: string, t: RegistrationT): string {
  const key = API_FEATURES[feature];
  if (key) return t(`apiFeatures.${key}`);
  const channels = /^Licence for (\d+) channels?$/.exec(feature)?.[1];
  return channels ? t('apiFeatures.licenceChannels', { count: Number(channels) }) : feature;
}
