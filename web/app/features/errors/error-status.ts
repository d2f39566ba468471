// A leaf the root and the layouts' error boundaries share: it imports nothing of the app.
import { isRouteErrorResponse } from 'react-router';

/** The HTTP status an error boundary caught: a thrown response keeps its own, anything else is a 500. */
export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/** The document title of an error page: a not-found page is named as such, so tabs and history say so. */
export function errorTitle(status: number): string {
  return status === 404 ? 'Page not found — Cuewave' : 'Something went wrong — Cuewave';
}
