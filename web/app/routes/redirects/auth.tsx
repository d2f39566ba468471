import { redirect } from 'react-router';
import { redirectFor } from '../../lib/redirects';
import type { Route } from './+types/auth';

/**
 * /auth → /auth/login (spec §2). The root loader already answers document requests with a 301; this route
 * covers client-side navigation, whose data request still runs this loader on the server.
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  throw redirect(redirectFor(url.pathname, url.search) ?? '/', 301);
}

export default function Redirect() {
  return null;
}
