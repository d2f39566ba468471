import { readCookie, serializeCookie } from '../../lib/cookies';
import { rememberedEdition } from '../shell/edition-choice';
import { editionOfPath, type Edition } from '../shell/edition';

/**
 * Which banners the visitor closed (decision 072): their ids in a cookie, so the server render leaves a
 * closed banner out instead of flashing it back before the page runs. Only the latest few are kept:
 * a banner runs for days, and the cookie goes with every request.
 */
export const BANNER_DISMISSED_COOKIE = 'cw_banner_dismissed';
export const BANNER_DISMISSED_DAYS = 90;
const KEEP = 5;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The dismissed ids in a cookie header; anything that is not a banner id is ignored. */
export function dismissedBanners(cookieHeader: string | null | undefined): string[] {
  const value = readCookie(cookieHeader, BANNER_DISMISSED_COOKIE);
  if (!value || value.length > 400) return [];
  return value
    .split('.')
    .filter((id) => UUID.test(id))
    .slice(-KEEP);
}

/** The cookie that remembers `id` closed, with the others still worth remembering. */
export function dismissCookie(cookieHeader: string | null | undefined, id: string, secure: boolean): string {
  const ids = [...dismissedBanners(cookieHeader).filter((known) => known !== id), id].slice(-KEEP);
  return serializeCookie(BANNER_DISMISSED_COOKIE, ids.join('.'), { maxAgeDays: BANNER_DISMISSED_DAYS, secure });
}

/**
 * The edition whose banner a page shows: /us pages are the US edition; a page with one address for both
 * (the catalogue) follows the edition the visitor chose in the footer, else Europe.
 */
export function bannerEdition(pathname: string, cookieHeader: string | null | undefined): Edition {
  if (editionOfPath(pathname) === 'us') return 'us';
  return rememberedEdition(cookieHeader ?? null) ?? 'eu';
}

/** A discount code as the coupon system writes them (server: COUPON_CODE_PATTERN), upper case; else null. */
export function couponCodeOf(raw: string | null | undefined): string | null {
  const code = raw?.trim().toUpperCase() ?? '';
  return /^[A-Z0-9][A-Z0-9_-]{1,39}$/.test(code) ? code : null;
}
