import { data } from 'react-router';

/**
 * Any path no other route matches. The loader answers 404, so the root ErrorBoundary renders the
 * error page with 'Page Not Found: {path}' and the response carries the right status.
 */
export function loader() {
  throw data('Not Found', { status: 404 });
}

export default function NotFound() {
  return null;
}
