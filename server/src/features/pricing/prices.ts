import { CHANNEL_LIMITS, type BillingPeriod, type PlanName } from '@cuewave/contract/account';
import type { Currency, PlanPrices, PlanPurchase } from '@cuewave/contract/pricing';

/**
 * The one table of plans and list prices (decision 041). Minor units, before tax. Yearly prices are
 * about 20 % below twelve months; the levels follow the market for creator music subscriptions
 * (Epidemic Sound, Artlist, Soundstripe: roughly 10–35 USD a month). Changing a price here changes
 * the listing, every quote and every new charge; running subscriptions keep what they were sold at
 * only if the subscriptions feature records the charged amount.
 */
export type PlanEntry = {
  name: PlanName;
  title: string;
  commercialPlus: boolean;
  enterprise: boolean;
  purchase: PlanPurchase;
  /** null: no card price (enterprise is quoted individually through the contact form). */
  prices: PlanPrices | null;
  features: string[];
};

const free = { usd: 0, eur: 0, pln: 0, czk: 0, gbp: 0 };
const channels = (plan: PlanName) => {
  const n = CHANNEL_LIMITS[plan];
  return `Licence for ${n} channel${n === 1 ? '' : 's'}`;
};

export const PLANS: readonly PlanEntry[] = [
  {
    name: 'trial',
    title: 'Free trial',
    commercialPlus: false,
    enterprise: false,
    purchase: 'trial',
    prices: { month: free, year: free },
    features: [
      'Free for 30 days, no card needed',
      'The whole music and sound-effects catalogue',
      'Downloads with stems',
      channels('trial'),
    ],
  },
  {
    name: 'start',
    title: 'Start',
    commercialPlus: false,
    enterprise: false,
    purchase: 'card',
    prices: {
      month: { usd: 999, eur: 999, pln: 3999, czk: 24900, gbp: 899 },
      year: { usd: 9599, eur: 9599, pln: 37999, czk: 239000, gbp: 8599 },
    },
    features: [
      'The whole music and sound-effects catalogue',
      'Unlimited downloads with stems',
      channels('start'),
      'Monetised videos on your own social channel',
    ],
  },
  {
    name: 'advanced',
    title: 'Advanced',
    commercialPlus: false,
    enterprise: false,
    purchase: 'card',
    prices: {
      month: { usd: 1999, eur: 1899, pln: 7999, czk: 47900, gbp: 1699 },
      year: { usd: 18999, eur: 17999, pln: 75999, czk: 459000, gbp: 15999 },
    },
    features: [
      'Everything in Start',
      channels('advanced'),
      'Podcasts and live streams',
      "Content for your own company's channels",
    ],
  },
  {
    name: 'professional',
    title: 'Professional',
    commercialPlus: true,
    enterprise: false,
    purchase: 'card',
    prices: {
      month: { usd: 3499, eur: 3299, pln: 13999, czk: 84900, gbp: 2899 },
      year: { usd: 32999, eur: 31999, pln: 133999, czk: 809000, gbp: 27999 },
    },
    features: [
      'Everything in Advanced',
      channels('professional'),
      'Commercial-plus licence: client work and paid advertising',
      'Websites, apps and corporate videos',
    ],
  },
  {
    name: 'enterprise',
    title: 'Enterprise',
    commercialPlus: false,
    enterprise: true,
    purchase: 'contact',
    prices: null,
    features: [
      'Everything in Professional',
      channels('enterprise'),
      'Broadcast, TV, games and custom licence terms',
      'Priced for your team: contact us, paid by invoice',
    ],
  },
];

/** Sort key of spec §7 (monthly PLN price); plans without a card price go last. */
export function monthlyPlnPrice(plan: PlanEntry): number {
  return plan.prices ? plan.prices.month.pln : Number.POSITIVE_INFINITY;
}

/** The plans in listing order (spec §7: by monthly PLN price). */
export const SORTED_PLANS: readonly PlanEntry[] = [...PLANS].sort((a, b) => monthlyPlnPrice(a) - monthlyPlnPrice(b));

export function planEntry(name: PlanName): PlanEntry {
  const entry = PLANS.find((p) => p.name === name);
  if (!entry) throw new Error(`no such plan: ${name}`);
  return entry;
}

/** List price before tax in minor units, or null when the plan has no card price. */
export function listPrice(plan: PlanName, period: BillingPeriod, currency: Currency): number | null {
  const prices = planEntry(plan).prices;
  return prices ? prices[period][currency] : null;
}

/** A plan's tier: its place in the listing. An upgrade goes to a higher tier. */
export function planTier(plan: PlanName): number {
  return SORTED_PLANS.findIndex((p) => p.name === plan);
}
