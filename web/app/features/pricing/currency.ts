import type { TFunction } from 'i18next';
import { CURRENCIES, defaultCurrency, isCurrency, type Currency } from '@cuewave/contract/pricing';

/**
 * Which currency a price page opens in (spec §4): the signed-in user's subscription currency, else the
 * country's (billing country, else the /us edition's US, else geolocation, else US). A currency
 * asked for in the address (?currency=eur, the picker) beats all of them.
 */

export type CurrencySource = 'query' | 'subscription' | 'billing' | 'edition' | 'geolocation' | 'default';

export type CurrencyInput = {
  /** ?currency= from the address. */
  requested?: string | null;
  subscriptionCurrency?: string | null;
  billingCountry?: string | null;
  edition: 'us' | 'eu';
  geoCountry?: string | null;
};

export type ResolvedCurrency = { currency: Currency; source: CurrencySource };

export function parseCurrency(value: unknown): Currency | null {
  if (typeof value !== 'string') return null;
  const code = value.trim().toLowerCase();
  return isCurrency(code) ? code : null;
}

export function resolveCurrency(input: CurrencyInput): ResolvedCurrency {
  const requested = parseCurrency(input.requested);
  if (requested) return { currency: requested, source: 'query' };
  const subscription = parseCurrency(input.subscriptionCurrency);
  if (subscription) return { currency: subscription, source: 'subscription' };
  if (input.billingCountry) return { currency: defaultCurrency(input.billingCountry), source: 'billing' };
  if (input.edition === 'us') return { currency: 'usd', source: 'edition' };
  if (input.geoCountry) return { currency: defaultCurrency(input.geoCountry), source: 'geolocation' };
  return { currency: defaultCurrency('US'), source: 'default' };
}

/**
 * Whether a currency the visitor picked earlier in this browser session (kept in the signup state)
 * may replace the resolved one: it beats a guess from location, never the account's own currency.
 */
export function rememberedWins(source: CurrencySource): boolean {
  return source === 'edition' || source === 'geolocation' || source === 'default';
}

/** The picker's options, in the order of spec §3: "USD · US dollar" (names under `currency.names`). */
export function currencyOptions(t: TFunction<'pricing'>): ReadonlyArray<{ value: Currency; label: string }> {
  return CURRENCIES.map((value) => ({
    value,
    label: t('currency.option', { code: value.toUpperCase(), name: t(`currency.names.${value}`) }),
  }));
}
