import type { Plan } from '@cuewave/contract/pricing';

/** GET /v1/subscription/plans as the server answers it (decision 041 prices), for unit tests. */
export const PLANS_FIXTURE: Plan[] = [
  {
    name: 'trial',
    title: 'Free trial',
    commercialPlus: false,
    enterprise: false,
    channels: 1,
    purchase: 'trial',
    prices: {
      month: { usd: 0, eur: 0, pln: 0, czk: 0, gbp: 0 },
      year: { usd: 0, eur: 0, pln: 0, czk: 0, gbp: 0 },
    },
    features: ['Free for 30 days, no card needed', 'Licence for 1 channel'],
  },
  {
    name: 'start',
    title: 'Start',
    commercialPlus: false,
    enterprise: false,
    channels: 1,
    purchase: 'card',
    prices: {
      month: { usd: 999, eur: 999, pln: 3999, czk: 24900, gbp: 899 },
      year: { usd: 9599, eur: 9599, pln: 37999, czk: 239000, gbp: 8599 },
    },
    features: ['Unlimited downloads with stems', 'Licence for 1 channel'],
  },
  {
    name: 'advanced',
    title: 'Advanced',
    commercialPlus: false,
    enterprise: false,
    channels: 3,
    purchase: 'card',
    prices: {
      month: { usd: 1999, eur: 1899, pln: 7999, czk: 47900, gbp: 1699 },
      year: { usd: 18999, eur: 17999, pln: 75999, czk: 459000, gbp: 15999 },
    },
    features: ['Everything in Start', 'Licence for 3 channels'],
  },
  {
    name: 'professional',
    title: 'Professional',
    commercialPlus: true,
    enterprise: false,
    channels: 5,
    purchase: 'card',
    prices: {
      month: { usd: 3499, eur: 3299, pln: 13999, czk: 84900, gbp: 2899 },
      year: { usd: 32999, eur: 31999, pln: 133999, czk: 809000, gbp: 27999 },
    },
    features: ['Everything in Advanced', 'Licence for 5 channels'],
  },
  {
    name: 'enterprise',
    title: 'Enterprise',
    commercialPlus: false,
    enterprise: true,
    channels: 15,
    purchase: 'contact',
    prices: null,
    features: ['Everything in Professional', 'Licence for 15 channels'],
  },
];

export const planFixture = (name: Plan['name']): Plan => PLANS_FIXTURE.find((p) => p.name === name)!;
