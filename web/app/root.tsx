import { useEffect, type ReactNode } from 'react';
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  useLocation,
  useNavigate,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { isbot } from 'isbot';
import '@fontsource-variable/inter/wght.css';
import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import './styles/global.css';
import { CatalogToastProvider, ToastProvider } from './components/ui/toast';
import { writeAccess } from './features/auth/access-store';
import { EmailBanner } from './features/auth/email-banner';
import { SubscriptionBanner } from './features/subscription/subscription-banner';
import { getMe } from './features/auth/session.server';
import { AUTH_STATE_KEY, signOutLocally } from './features/auth/session-client';
import { ErrorPage } from './features/errors/error-page';
import { documentTexts, errorStatus, errorTitle, type DocumentTexts } from './features/errors/error-status';
import { requestTexts } from './i18n/request-texts.server';
import { useTranslation } from 'react-i18next';
import { PlayerBar } from './features/player/player-bar';
import { PlayerProvider } from './features/player/player-context';
import { PlaylistsProvider } from './features/playlists/playlists-context';
import { rememberedEdition } from './features/shell/edition-choice';
import { editionRedirectFor } from './features/shell/edition.server';
import { SpaceBarRule } from './features/shell/space-bar-rule';
import { SearchLauncher } from './features/search/search-launcher';
import { DownloadStatusSlot } from './features/playlist-download/download-status-slot';
import { loadBanner } from './features/banners/banner.server';
import { PromoBanner } from './features/banners/promo-banner';
import { parseConsent } from './features/consent/consent';
import { ConsentBootstrap, CookieOverlay } from './features/consent/cookie-overlay';
import { reportError } from './features/errors/error-reporting';
import { useErrorReporting } from './features/errors/use-error-reporting';
import { NO_TELEMETRY } from './lib/telemetry';
import { PageTextsScript, usePageLanguage } from './i18n/page-texts';
import { setSessionExpiredHandler } from './lib/api';
import { reloadOnceForChunkError } from './lib/chunk-reload';
import { useNonce } from './lib/nonce';
import { redirectFor } from './lib/redirects';
import type { Me } from '@cuewave/contract/account';
import type { Route } from './+types/root';

/**
 * The server-side navigation rules (spec §2) answer with a 301 before anything renders; the
 * canonical origin is PUBLIC_URL when set (behind proxies), else the request's own origin. The
 * viewer (GET /api/auth/me, decision 031) comes along; a refreshed session's cookies are passed on.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const target = redirectFor(url.pathname, url.search);
  if (target) throw redirect(target, 301);
  const isBot = isbot(request.headers.get('user-agent') ?? '');
  // The visitor's edition (spec §1, decision 053): a 302, since the choice can change.
  const edition = await editionRedirectFor(request, isBot);
  if (edition.target) throw redirect(edition.target, { status: 302, headers: edition.headers });
  const origin = (process.env.PUBLIC_URL || url.origin).replace(/\/+$/, '');
  // The viewer and the promo banner (decision 072: the API answers it from a short cache) side by side.
  const [{ me, headers }, banner] = await Promise.all([getMe(request), loadBanner(request)]);
  for (const cookie of edition.headers.getSetCookie()) headers.append('Set-Cookie', cookie);
  // now: the subscription banner counts trial days with the server's clock so hydration matches.
  // consent: read here so the server render knows whether to show the cookie card (no flash after a choice).
  const cookies = request.headers.get('cookie');
  const consent = parseConsent(cookies);
  const telemetry = context?.telemetry ?? NO_TELEMETRY;
  // The document's title and description, and the error titles, in the request's language (meta runs outside React).
  const { t } = requestTexts(request, 'errors');
  const texts: DocumentTexts = {
    title: t('document.title'),
    description: t('document.description'),
    notFound: t('document.notFoundTitle'),
    failed: t('document.failedTitle'),
  };
  return data(
    { origin, isBot, me, now: Date.now(), edition: rememberedEdition(cookies), consent, telemetry, banner, texts },
    { headers },
  );
}

/**
 * Guards and the header need the viewer fresh on every navigation and after every action or
 * revalidate(). A visitor costs nothing (no cookie, no API call). Only a change of the query string
 * on the same page (catalogue filters, paging) keeps the viewer it has.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search) return false;
  return defaultShouldRevalidate;
}

// The API client's "refresh failed" path: clear every store, tell the other tabs, go home.
if (typeof window !== 'undefined') setSessionExpiredHandler(signOutLocally);

export const links: Route.LinksFunction = () => [
  { rel: 'preload', href: interLatin, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'icon', href: FAVICON, type: 'image/svg+xml' },
];

export const meta: Route.MetaFunction = ({ error, matches }) => {
  const texts = documentTexts(matches);
  return [
    ...(error || texts ? [{ title: error ? errorTitle(errorStatus(error), texts) : texts!.title }] : []),
    ...(texts ? [{ name: 'description', content: texts.description }] : []),
    { property: 'og:site_name', content: 'Cuewave' },
  ];
};

const FAVICON =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><defs><linearGradient id="g" x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#8b6cff"/><stop offset=".55" stop-color="#5c8dff"/><stop offset="1" stop-color="#2fe0c6"/></linearGradient></defs><rect width="32" height="32" rx="9" fill="url(#g)"/><g fill="#fff"><rect x="6.5" y="13" width="3" height="6" rx="1.5"/><rect x="11.5" y="9" width="3" height="14" rx="1.5"/><rect x="16.5" y="5.5" width="3" height="21" rx="1.5"/><rect x="21.5" y="10.5" width="3" height="11" rx="1.5"/></g></svg>',
  );

/**
 * The document and the parts of the root shell (spec §2) that live outside the routed page. The
 * player lives here, not in App, so it keeps playing even when a page fails and the error page
 * takes over.
 */
export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root');
  const { pathname } = useLocation();
  useClientRedirects();
  useAuthStateSync(root?.me ?? null);
  const nonce = useNonce();
  const language = usePageLanguage();
  const { t } = useTranslation('errors');
  useErrorReporting(root?.telemetry.sentry ?? null);
  const origin = root?.origin ?? (typeof window !== 'undefined' ? window.location.origin : null);
  return (
    <html lang={language} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#09090e" />
        <meta name="color-scheme" content="dark" />
        {/* Consent Mode's default, before any other script (spec §4; decision 071). */}
        <ConsentBootstrap consent={root?.consent ?? null} gtmId={root?.telemetry.gtmId ?? null} nonce={nonce} />
        <Meta />
        <Links />
        {origin ? <link rel="canonical" href={origin + pathname} /> : null}
      </head>
      <body>
        <a href="#main" className="skip-link">
          {t('skipToContent')}
        </a>
        <ToastProvider>
          {/* Favourites and playlists toast in the catalogue-area stack (spec §9) and follow the viewer. */}
          <CatalogToastProvider>
            <PlaylistsProvider me={root?.me ?? null}>
              <PlayerProvider>
                <SpaceBarRule />
                {/* Root shell, in the order of spec §2: */}
                {/* 1. Download status modal while a playlist download is active. */}
                <DownloadStatusSlot />
                {/* 2. The special promo banner: the seasonal offer and its code (decision 072). */}
                <PromoBanner banner={root?.banner ?? null} />
                {/* 6. Subscription banner (signed in, not on register / dashboard paths), above the page like 7. */}
                <SubscriptionBanner me={root?.me ?? null} now={root?.now ?? Date.now()} />
                {/* 7. The unconfirmed-email warning banner (accounts issue) sits above the page so it is read first. */}
                <EmailBanner me={root?.me ?? null} />
                {children}
                {/* 3. The audio player, sliding in when opened. */}
                <PlayerBar />
                {/* 4. The cookie overlay (with the tag manager's no-script frame), decision 071. */}
                <CookieOverlay consent={root?.consent ?? null} telemetry={root?.telemetry ?? NO_TELEMETRY} />
                {/* 5. The search overlay (code-split; ?searchQuery= opens it, also on the server render). */}
                <SearchLauncher />
                {/* 6. Subscription banner: rendered above the page, see before {children}. */}
                {/* 7. Unconfirmed-email warning banner: rendered above the page, see before {children}. */}
              </PlayerProvider>
            </PlaylistsProvider>
          </CatalogToastProvider>
        </ToastProvider>
        <ScrollRestoration nonce={nonce} />
        <PageTextsScript />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/**
 * Client-side navigation doesn't re-run the root loader, so the path rules are checked again here
 * (e.g. a link to a '&' path followed inside the app). It lives in Layout so it also runs when the
 * page under the wrong path has failed and the error boundary is showing.
 */
function useClientRedirects() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const target = redirectFor(location.pathname, location.search);
    if (target) navigate(target + location.hash, { replace: true });
  }, [location.pathname, location.search, location.hash, navigate]);
}

/**
 * Sign-in or sign-out in another tab reloads this one (spec §2, storage event authStateChanged), and
 * the persisted access flags (spec §3) follow the viewer.
 */
function useAuthStateSync(me: Me | null) {
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === AUTH_STATE_KEY) window.location.reload();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  const access = me?.access;
  useEffect(() => {
    if (access) writeAccess(access);
  }, [access]);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRouteLoaderData<typeof loader>('root');
  const { pathname } = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const detail = import.meta.env.DEV && error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : null;
  if (!isRouteErrorResponse(error) && typeof console !== 'undefined') console.error(error);
  // A chunk gone after a deploy: reload once for the new build (spec §8/§9); the guard shows this page next time.
  useEffect(() => {
    reloadOnceForChunkError(error);
    reportError(error);
  }, [error]);
  return <ErrorPage status={status} path={pathname} isBot={root?.isBot ?? false} detail={detail} />;
}
