import { index, layout, route, type RouteConfig, type RouteConfigEntry } from '@react-router/dev/routes';

/**
 * The route table of spec §2. Every route exists twice: without a prefix and under /us (the US
 * edition). Route ids get a `us:` prefix in the second copy because React Router needs unique ids.
 */
const pages: RouteConfigEntry[] = [
  index('routes/home.tsx'),

  layout('layouts/catalog-layout.tsx', [
    route('c/genres', 'routes/catalog/genres.tsx'),
    route('c/genres/:genreId', 'routes/catalog/genre.tsx'),
    route('c/genres/:genreId/:subgenreId', 'routes/catalog/subgenre.tsx'),
    route('c/moods', 'routes/catalog/moods.tsx'),
    route('c/moods/:moodId', 'routes/catalog/mood.tsx'),
    route('c/sfx', 'routes/catalog/sfx.tsx'),
    route('c/sfx/:categoryId', 'routes/catalog/sfx-category.tsx'),
    route('c/reels', 'routes/catalog/reels.tsx'),
    route('c/reels/:reelId', 'routes/catalog/reel.tsx'),
    route('c/playlists', 'routes/catalog/playlists.tsx'),
    // A signed-in user's favourites, and a user's public playlist shared by link (issue 12).
    route('c/playlists/favorites', 'routes/catalog/favorites.tsx'),
    route('c/playlists/u/:playlistId', 'routes/catalog/user-playlist.tsx'),
    route('c/playlists/:playlistId', 'routes/catalog/playlist.tsx'),
    route('c/top-music', 'routes/catalog/top-music.tsx'),
    // An unknown catalogue path keeps the catalogue frame and tabs (decision 053).
    route('c/*', 'routes/not-found.tsx', { id: 'routes/catalog-not-found' }),
  ]),

  layout('layouts/default-layout.tsx', [
    route('c/song/:songId', 'routes/catalog/song.tsx'),
    // "More like this": the tracks nearest by sound (issue 14, decision 066).
    route('c/similar/:type/:productId', 'routes/catalog/similar.tsx'),
    // Licences and pricing: plan cards, the monthly/yearly toggle, FAQ.
    route('licenses', 'routes/licenses/index.tsx'),
    // The public proof a creator shows when a platform claims their video.
    route('licenses/verify/:code', 'routes/licenses/verify.tsx'),
    // The enterprise contact form: Enterprise is bought through it, not by card.
    route('enterprise', 'routes/enterprise.tsx'),
    // Public pages with real content (issue 15, decision 069); /faq itself redirects to /faq/rights.
    route('about', 'routes/pages/about.tsx'),
    route('contact', 'routes/pages/contact.tsx'),
    route('in-store', 'routes/pages/in-store.tsx'),
    route('faq/:tab', 'routes/pages/faq-tab.tsx'),
    route('privacy-policy', 'routes/pages/privacy-policy.tsx'),
    route('terms-conditions', 'routes/pages/terms-conditions.tsx'),
    // Where the email-change links land: confirm the new address, or undo from the old one (decision 048).
    route('account/email-change', 'routes/account/email-change.tsx'),
    // Any other unmatched path: the site frame with the 404 message (decision 053).
    route('*', 'routes/not-found.tsx'),
  ]),

  layout('layouts/auth-layout.tsx', [
    route('auth/login', 'routes/auth/login.tsx'),
    route('auth/check-email', 'routes/auth/check-email.tsx'),
    route('auth/reset-password', 'routes/auth/reset-password.tsx'),
    route('auth/change-password', 'routes/auth/change-password.tsx'),
    route('auth/change-confirmed', 'routes/auth/change-confirmed.tsx'),
  ]),
  route('ott/:token', 'routes/ott.tsx'),

  route('register', 'routes/register/index.tsx'),
  layout('layouts/register-layout.tsx', [
    route('register/plans', 'routes/register/plans.tsx'),
    route('register/signup', 'routes/register/signup.tsx'),
    route('register/verify-email', 'routes/register/verify-email.tsx'),
    route('register/select-plan', 'routes/register/select-plan.tsx'),
    route('register/add-phone', 'routes/register/add-phone.tsx'),
    route('register/verify-phone', 'routes/register/verify-phone.tsx'),
    route('register/trial', 'routes/register/trial.tsx'),
    route('register/details', 'routes/register/details.tsx'),
    route('register/billing', 'routes/register/billing.tsx'),
    route('register/welcome', 'routes/register/welcome.tsx'),
    route('register/welcome/ott', 'routes/register/welcome-ott.tsx'),
  ]),

  layout('layouts/dashboard-layout.tsx', [
    route('dashboard', 'routes/dashboard/index.tsx'),
    route('dashboard/account', 'routes/dashboard/account.tsx'),
    route('dashboard/licenses', 'routes/dashboard/licenses.tsx'),
    route('dashboard/billing', 'routes/dashboard/billing.tsx'),
    route('dashboard/playlists', 'routes/dashboard/playlists.tsx'),
    route('dashboard/playlists/:playlistId', 'routes/dashboard/playlist.tsx'),
    // Download history, the licence of each track and its certificate (issue 12).
    route('dashboard/downloads', 'routes/dashboard/downloads.tsx'),
    // FAQ entry points, the support form and the user's own requests (issue 15).
    route('dashboard/support', 'routes/dashboard/support.tsx'),
    route('dashboard/*', 'routes/not-found.tsx', { id: 'routes/dashboard-not-found' }),
  ]),

  // Development mailbox: every email and SMS of the outbox provider (off when SMTP is configured).
  route('dev/mailbox', 'routes/dev/mailbox.tsx'),

  // Path rewrites of spec §2 that are pages of their own elsewhere.
  route('catalog/*', 'routes/redirects/catalog-prefix.tsx'),
  route('auth', 'routes/redirects/auth.tsx'),
  route('faq', 'routes/redirects/faq.tsx'),
  route('direct-music-licensing', 'routes/redirects/direct-music-licensing.tsx'),
  route('error', 'routes/error.tsx'),
  // The footer's edition switch posts here: it remembers the choice and goes to the page's twin.
  route('edition', 'routes/edition.tsx'),
  // The footer's language switch posts here: it remembers the language and loads the page again.
  route('language', 'routes/language.tsx'),
];

function withIdPrefix(entries: RouteConfigEntry[], prefix: string): RouteConfigEntry[] {
  return entries.map((entry) => ({
    ...entry,
    id: `${prefix}${entry.id ?? entry.file.replace(/\.tsx?$/, '')}`,
    children: entry.children ? withIdPrefix(entry.children, prefix) : undefined,
  }));
}

export default [
  // A pathless boundary below the root: a failing page must not remount the root, player included.
  layout('layouts/page-boundary.tsx', pages),
  route('us', 'layouts/us-edition.tsx', { id: 'us' }, withIdPrefix(pages, 'us:')),
] satisfies RouteConfig;
