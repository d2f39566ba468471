import { readCookie, serializeCookie } from '../../lib/cookies';

/** Spec §3/§9: the consent cookie, 'granted' or 'denied', 365 days, path '/'. */
export const CONSENT_COOKIE = 'cookie-accepted';
/**
 * Which optional categories a custom choice ticked (decision 071). The spec's cookie holds only
 * granted/denied, and a custom choice with one or two categories is 'denied', so the categories
 * themselves need a place of their own to survive the next page load.
 */
export const CONSENT_CATEGORIES_COOKIE = 'cookie-consent-categories';
export const CONSENT_COOKIE_DAYS = 365;

/** The optional categories of the settings view (spec §2); essential is always on. */
export const OPTIONAL_CATEGORIES = ['advertising', 'analytics', 'functionality'] as const;
export type ConsentCategory = (typeof OPTIONAL_CATEGORIES)[number];
export type ConsentChoice = Record<ConsentCategory, boolean>;

/** Google Consent Mode v2 signals (spec §3 "Consent settings"). */
export type ConsentSignal = 'granted' | 'denied';
export type ConsentSignals = {
  analytics_storage: ConsentSignal;
  ad_personalization: ConsentSignal;
  ad_user_data: ConsentSignal;
  ad_storage: ConsentSignal;
  functionality_storage: ConsentSignal;
  security_storage: ConsentSignal;
};

export const ALL_GRANTED: ConsentChoice = { advertising: true, analytics: true, functionality: true };
export const ALL_DENIED: ConsentChoice = { advertising: false, analytics: false, functionality: false };

const signal = (on: boolean): ConsentSignal => (on ? 'granted' : 'denied');

/**
 * Spec §3: analytics → analytics_storage; advertising → ad_personalization, ad_user_data and
 * ad_storage; functionality → functionality_storage; essential (always) → security_storage. No choice
 * yet is the default of spec §4: everything denied except security storage.
 */
export function consentSignals(choice: ConsentChoice | null): ConsentSignals {
  const c = choice ?? ALL_DENIED;
  return {
    analytics_storage: signal(c.analytics),
    ad_personalization: signal(c.advertising),
    ad_user_data: signal(c.advertising),
    ad_storage: signal(c.advertising),
    functionality_storage: signal(c.functionality),
    security_storage: 'granted',
  };
}

/** Spec §4: the cookie is 'granted' only when all three optional categories are ticked. */
export const cookieValueFor = (choice: ConsentChoice): ConsentSignal =>
  OPTIONAL_CATEGORIES.every((category) => choice[category]) ? 'granted' : 'denied';

/**
 * The visitor's choice as their cookies hold it, or null when there is none (the card shows). An
 * unknown consent value is no choice: the visitor is asked again rather than assumed to agree. With
 * 'denied', the categories cookie names the ticked ones ('none' for reject all); a missing or garbled
 * one counts as nothing ticked, the safe reading of a refusal.
 */
export function parseConsent(cookieHeader: string | null | undefined): ConsentChoice | null {
  const value = readCookie(cookieHeader, CONSENT_COOKIE);
  if (value === 'granted') return { ...ALL_GRANTED };
  if (value !== 'denied') return null;
  const listed = readCookie(cookieHeader, CONSENT_CATEGORIES_COOKIE);
  if (!listed || listed === 'none') return { ...ALL_DENIED };
  const names = listed.split(',');
  if (!names.every((name) => (OPTIONAL_CATEGORIES as readonly string[]).includes(name))) return { ...ALL_DENIED };
  return {
    advertising: names.includes('advertising'),
    analytics: names.includes('analytics'),
    functionality: names.includes('functionality'),
  };
}

/** The two cookie strings that record a choice (document.cookie, one at a time). */
export function consentCookies(choice: ConsentChoice, secure: boolean): string[] {
  const ticked = OPTIONAL_CATEGORIES.filter((category) => choice[category]);
  const options = { maxAgeDays: CONSENT_COOKIE_DAYS, path: '/', sameSite: 'Lax' as const, secure };
  return [
    serializeCookie(CONSENT_COOKIE, cookieValueFor(choice), options),
    serializeCookie(CONSENT_CATEGORIES_COOKIE, ticked.length ? ticked.join(',') : 'none', options),
  ];
}
