import { data, redirect } from 'react-router';
import { serializeCookie } from '../lib/cookies';
import { safeReturnPath } from '../features/shell/edition-choice';
import { isLanguage, LANGUAGE_COOKIE, LANGUAGE_COOKIE_DAYS } from '../i18n/languages';
import type { Route } from './+types/language';

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
