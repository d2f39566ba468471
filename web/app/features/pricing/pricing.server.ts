import type { Me } from '@cuewave/contract/account';
import type { BillingDetails, Geolocation } from '@cuewave/contract/billing';
import type { Currency, Plan } from '@cuewave/contract/pricing';
import { apiGet } from '../../lib/api';
import { editionOfPath } from '../shell/edition';
import { resolveCurrency, type CurrencySource } from './currency';

/** What a price page's loader hands its component. */
export type PricingData = {
  /** null: the API could not list the plans (the page says so and offers a retry). */
  plans: Plan[] | null;
  currency: Currency;
  currencySource: CurrencySource;
};

/** GeoIP can be slow the first time (it loads its database); a price page never waits longer. */
const GEOLOCATION_TIMEOUT_MS = 2500;

async function visitorCountry(request: Request): Promise<string | null> {
  try {
    // apiGet passes the visitor's address and CDN country headers on (a loader calls over loopback).
    const geo = await apiGet<Geolocation>('/v1/geolocation', {
      request,
      signal: AbortSignal.timeout(GEOLOCATION_TIMEOUT_MS),
    });
    return geo.countryCode;
  } catch {
    return null;
  }
}

async function billingCountry(request: Request): Promise<string | null> {
  try {
    return (await apiGet<BillingDetails>('/v1/billing', { request })).country;
  } catch {
    // 400 'billing details not found' (spec §8): no billing country yet.
    return null;
  }
}

/**
 * Plans and the currency to show them in (spec §4), for a server render. Only the lookups the rule
 * still needs are made: a subscriber's currency needs neither billing nor geolocation.
 */
export async function loadPricing(request: Request, me: Me | null): Promise<PricingData> {
  const url = new URL(request.url);
  const plansPromise = apiGet<Plan[]>('/v1/subscription/plans', { request }).catch(() => null);
  const requested = url.searchParams.get('currency');
  const subscriptionCurrency = me?.subscription?.currency ?? null;
  const edition = editionOfPath(url.pathname);

  let resolved = resolveCurrency({ requested, subscriptionCurrency, edition });
  if (resolved.source === 'edition' || resolved.source === 'default') {
    const billing = me ? await billingCountry(request) : null;
    const geo = billing || edition === 'us' ? null : await visitorCountry(request);
    resolved = resolveCurrency({ requested, subscriptionCurrency, billingCountry: billing, edition, geoCountry: geo });
  }
  return { plans: await plansPromise, currency: resolved.currency, currencySource: resolved.source };
}
