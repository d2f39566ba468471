// A leaf the root and the layouts' error boundaries share: it imports nothing of the app.
import { isRouteErrorResponse } from 'react-router';

/** The HTTP status an error boundary caught: a thrown response keeps its own, anything else is a 500. */
export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/**
 * The document's own texts in the request's language: the root loader writes them (decision 075), since
 * `meta` runs outside React and an error's `meta` has no page data of its own.
 */
export type DocumentTexts = { title: string; description: string; notFound: string; failed: string };

/** The `matches` a `meta` function gets: the root's entry carries the document texts. */
export type MetaMatches = ReadonlyArray<{ id?: string; data?: unknown } | undefined>;

export function documentTexts(matches: MetaMatches): DocumentTexts | undefined {
  const root = matches.find((match) => match?.id === 'root')?.data as { texts?: DocumentTexts } | undefined;
  return root?.texts;
}

/**
 * The document title of an error page: a not-found page is named as such, so tabs and history say so.
 * Without the root's texts (only when the root loader itself failed) the English title stands in.
 */
export function errorTitle(status: number, texts?: DocumentTexts): string {
  if (status === 404) return texts?.notFound ?? 'Page not found — Cuewave';
  return texts?.failed ?? 'Something went wrong — Cuewave';
}
