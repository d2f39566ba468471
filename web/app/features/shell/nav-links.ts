import type { Me } from '@cuewave/contract/account';

/** Navigation links of the shell (spec §2 "Screens": header links; burger menu explore links). */
export type NavLink = { label: string; url: string };

export const MAIN_NAV: NavLink[] = [
  { label: 'Licenses & Pricing', url: '/licenses' },
  { label: 'Music Catalog', url: '/c/genres' },
  { label: 'In-store', url: '/in-store' },
];

export const EXPLORE_NAV: NavLink[] = [
  { label: 'Music catalog', url: '/c/genres' },
  { label: 'Top music', url: '/c/top-music' },
  { label: 'Moods', url: '/c/moods' },
  { label: 'Sound effects', url: '/c/sfx' },
  { label: 'Reels & shorts', url: '/c/reels' },
  { label: 'Playlists', url: '/c/playlists' },
  { label: 'Licenses & Pricing', url: '/licenses' },
  { label: 'In-store music', url: '/in-store' },
  { label: 'Enterprise', url: '/enterprise' },
];

export const HELP_NAV: NavLink[] = [
  { label: 'FAQ', url: '/faq/rights' },
  { label: 'About us', url: '/about' },
  { label: 'Contact', url: '/contact' },
];

/** Hidden from navigation when logged in (spec §2, Public pages). */
export const IN_STORE_PATH = '/in-store';

/** The header's links for a visitor or a signed-in user. */
export function mainNavFor(signedIn: boolean): NavLink[] {
  return signedIn ? MAIN_NAV.filter((link) => link.url !== IN_STORE_PATH) : MAIN_NAV;
}

type DashboardSection = NavLink & {
  /** False until the page exists (a later issue): the link is left out rather than leading to a 404. */
  routed: boolean;
  hiddenFor?: (me: Me) => boolean;
};

/**
 * Enterprise customers are billed under their agreement: no billing page for them (spec §2, §6).
 * Without a plan the dashboard guard sends billing to the subscription page, so no link either.
 */
const hideBilling = (me: Me) => me.subscription?.planType === 'enterprise' || me.access.isNoPlan;

const DASHBOARD_SECTIONS: DashboardSection[] = [
  // The overview is open to users without a plan too: it shows them how to choose one (decision 053).
  { label: 'Overview', url: '/dashboard', routed: true },
  // Open without a plan too (guards.ts NO_PLAN_ALLOWED): favourites and playlists are not a paid feature.
  { label: 'Playlists', url: '/dashboard/playlists', routed: true },
  { label: 'Downloads', url: '/dashboard/downloads', routed: true },
  { label: 'Subscription', url: '/dashboard/licenses', routed: true },
  { label: 'Billing', url: '/dashboard/billing', routed: true, hiddenFor: hideBilling },
  { label: 'Account', url: '/dashboard/account', routed: true },
  { label: 'Support', url: '/dashboard/support', routed: true },
];

/**
 * The dashboard's sections for a signed-in user (spec §2), as the dashboard's side navigation and the
 * burger menu ("dashboard or explore links") list them: pages that exist, billing hidden as above.
 */
export function dashboardNavFor(me: Me): NavLink[] {
  return DASHBOARD_SECTIONS.filter((section) => section.routed && !section.hiddenFor?.(me)).map(({ label, url }) => ({
    label,
    url,
  }));
}

export const DASHBOARD_PATH = '/dashboard';
export const ACCOUNT_PATH = '/dashboard/account';
export const SUBSCRIPTION_PATH = '/dashboard/licenses';
/** Where a user whose registration is incomplete continues it (the registration guard picks the step). */
export const FINISH_SIGNUP_PATH = '/register';

export const LOGIN_PATH = '/auth/login';
export const TRIAL_PATH = '/register';
export const FAVORITES_PATH = '/c/playlists/favorites';
