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

/**
 * The burger menu's dashboard links for a signed-in user (spec §2 "dashboard or explore links").
 * Only dashboard pages that exist are listed; playlists, billing and support join with their issues.
 */
export const DASHBOARD_NAV: NavLink[] = [
  { label: 'Subscription', url: '/dashboard/licenses' },
  { label: 'Account', url: '/dashboard/account' },
];

export const DASHBOARD_PATH = '/dashboard';
export const ACCOUNT_PATH = '/dashboard/account';
/** Where a user whose registration is incomplete continues it (the registration guard picks the step). */
export const FINISH_SIGNUP_PATH = '/register';

export const LOGIN_PATH = '/auth/login';
export const TRIAL_PATH = '/register';
export const FAVORITES_PATH = '/c/playlists/favorites';
