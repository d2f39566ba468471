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

export const LOGIN_PATH = '/auth/login';
export const TRIAL_PATH = '/register';
export const FAVORITES_PATH = '/c/playlists/favorites';
