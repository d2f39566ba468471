import type { Me } from '@cuewave/contract/account';

/**
 * Navigation links of the shell (spec §2 "Screens": header links; burger menu explore links). The label
 * is a key of the shell's texts (`nav.<key>`, locales/en.json), read with `t(navLabel(link))`.
 */
export type NavLink = { labelKey: string; url: string };

/** The translation key of a link's label, in the 'shell' namespace. */
export const navLabel = (link: NavLink) => `nav.${link.labelKey}`;

export const MAIN_NAV: NavLink[] = [
  { labelKey: 'pricing', url: '/licenses' },
  { labelKey: 'catalog', url: '/c/genres' },
  { labelKey: 'inStore', url: '/in-store' },
];

export const EXPLORE_NAV: NavLink[] = [
  { labelKey: 'musicCatalog', url: '/c/genres' },
  { labelKey: 'topMusic', url: '/c/top-music' },
  { labelKey: 'moods', url: '/c/moods' },
  { labelKey: 'sfx', url: '/c/sfx' },
  { labelKey: 'reels', url: '/c/reels' },
  { labelKey: 'playlists', url: '/c/playlists' },
  { labelKey: 'pricing', url: '/licenses' },
  { labelKey: 'inStoreMusic', url: '/in-store' },
  { labelKey: 'enterprise', url: '/enterprise' },
];

export const HELP_NAV: NavLink[] = [
  { labelKey: 'faq', url: '/faq/rights' },
  { labelKey: 'about', url: '/about' },
  { labelKey: 'contact', url: '/contact' },
];

/** Hidden from navigation when logged in (spec §2, Public pages). */
export const IN_STORE_PATH = '/in-store';

/** The id of the burger menu's panel, for the burger button's aria-controls. */
export const BURGER_MENU_ID = 'site-menu';

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
  { labelKey: 'overview', url: '/dashboard', routed: true },
  // Open without a plan too (guards.ts NO_PLAN_ALLOWED): favourites and playlists are not a paid feature.
  { labelKey: 'playlists', url: '/dashboard/playlists', routed: true },
  { labelKey: 'downloads', url: '/dashboard/downloads', routed: true },
  { labelKey: 'subscription', url: '/dashboard/licenses', routed: true },
  { labelKey: 'billing', url: '/dashboard/billing', routed: true, hiddenFor: hideBilling },
  { labelKey: 'account', url: '/dashboard/account', routed: true },
  { labelKey: 'support', url: '/dashboard/support', routed: true },
];

/**
 * The dashboard's sections for a signed-in user (spec §2), as the dashboard's side navigation and the
 * burger menu ("dashboard or explore links") list them: pages that exist, billing hidden as above.
 */
export function dashboardNavFor(me: Me): NavLink[] {
  return DASHBOARD_SECTIONS.filter((section) => section.routed && !section.hiddenFor?.(me)).map(
    ({ labelKey, url }) => ({
      labelKey,
      url,
    }),
  );
}

export const DASHBOARD_PATH = '/dashboard';
export const ACCOUNT_PATH = '/dashboard/account';
export const SUBSCRIPTION_PATH = '/dashboard/licenses';
/** Where a user whose registration is incomplete continues it (the registration guard picks the step). */
export const FINISH_SIGNUP_PATH = '/register';

export const LOGIN_PATH = '/auth/login';
export const TRIAL_PATH = '/register';
export const FAVORITES_PATH = '/c/playlists/favorites';
