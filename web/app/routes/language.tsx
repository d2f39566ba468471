import { data, redirect } from 'react-router';
import { apiSend, ApiError } from '../lib/api';
import { readCookie, serializeCookie, USER_TOKEN_COOKIE } from '../lib/cookies';
import { safeReturnPath } from '../features/shell/edition-choice';
import { isLanguage, LANGUAGE_COOKIE, LANGUAGE_COOKIE_DAYS, type Language } from '../i18n/languages';
import type { Route } from './+types/language';

/**
 * A signed-in reader's emails, licence certificates and receipts follow the language stored with the
 * account (decision 076), so the switch records it there too. The page's language is the cookie: a
 * failed or expired session must not stop the switch, so only the reason is logged.
 */
async function rememberForAccount(request: Request, language: Language): Promise<void> {
  if (!readCookie(request.headers.get('cookie'), USER_TOKEN_COOKIE)) return;
  try {
    await apiSend('PATCH', '/v1/account', { json: { language }, request });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return; // signed out meanwhile: nothing to record
    console.warn('The account language could not be saved', error);
  }
}

/**
 * POST /language (the footer's switch, decision 075): remembers the language for a year (spec §9)
 * and goes back to the same page. A form post, so it works before the page's script loads.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const language = form.get('language');
  if (!isLanguage(language)) {
    throw data({ error: 'BAD_REQUEST', message: 'Choose English (en) or Polish (pl).' }, { status: 400 });
  }
  await rememberForAccount(request, language);
  const secure = new URL(request.url).protocol === 'https:';
  const cookie = serializeCookie(LANGUAGE_COOKIE, language, { maxAgeDays: LANGUAGE_COOKIE_DAYS, secure });
  throw redirect(safeReturnPath(form.get('path')), { status: 303, headers: { 'Set-Cookie': cookie } });
}

/** Nothing to show at this address. */
export function loader() {
  throw data('Not Found', { status: 404 });
}

export default function Language() {
  return null;
}
