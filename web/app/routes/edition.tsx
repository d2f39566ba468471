import { data, redirect } from 'react-router';
import { serializeCookie } from '../lib/cookies';
import {
  EDITION_COOKIE,
  EDITION_COOKIE_DAYS,
  isEdition,
  pathInEdition,
  safeReturnPath,
} from '../features/shell/edition-choice';
import type { Route } from './+types/edition';

/**
 * POST /edition (the footer's switch, decision 053): remembers the chosen edition for a year and
 * goes to the same page in that edition. A form post, so it works before the page's script loads.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const edition = form.get('edition');
  if (!isEdition(edition)) {
    throw data({ error: 'BAD_REQUEST', message: 'Choose the Europe or the United States edition.' }, { status: 400 });
  }
  const secure = new URL(request.url).protocol === 'https:';
  const cookie = serializeCookie(EDITION_COOKIE, edition, { maxAgeDays: EDITION_COOKIE_DAYS, secure });
  throw redirect(pathInEdition(safeReturnPath(form.get('path')), edition), {
    status: 303,
    headers: { 'Set-Cookie': cookie },
  });
}

/** Nothing to show at this address. */
export function loader() {
  throw data('Not Found', { status: 404 });
}

export default function Edition() {
  return null;
}
