import { data } from 'react-router';

/**
 * Unmatched paths. Declared inside each layout (c/*, dashboard/*, and * in the default frame) so the
 * 404 is rendered by that layout's error boundary, in its frame, with the response status 404 and
 * 'Page Not Found: {path}' (spec §2, decision 053).
 */
export function loader() {
  throw data('Not Found', { status: 404 });
}

export default function NotFound() {
  return null;
}
