import { isRouteErrorResponse, useLocation, useRouteLoaderData, type MetaDescriptor } from 'react-router';
import type { loader as rootLoader } from '../../root';
import { documentTexts, errorStatus, errorTitle } from './error-status';
import { ErrorPanel } from './error-page';

type MetaArgs = {
  error?: unknown;
  matches: ReadonlyArray<{ id?: string; data?: unknown; meta: MetaDescriptor[] } | undefined>;
};

/**
 * The `meta` of a layout with an error boundary. React Router renders the meta of the deepest route
 * that has one, so without an error the parent's tags are passed through unchanged (the page's own
 * meta then replaces them); with one, the error's title and a noindex.
 */
export function layoutMeta({ error, matches }: MetaArgs): MetaDescriptor[] {
  if (error) {
    return [{ title: errorTitle(errorStatus(error), documentTexts(matches)) }, { name: 'robots', content: 'noindex' }];
  }
  return matches[matches.length - 2]?.meta ?? [];
}

/**
 * What a layout's error boundary puts where its page would be: the not-found or failure message.
 * Rendering it inside the layout (not the root) keeps the frame, and keeps the root's player mounted,
 * so a 404 neither hides the site nor stops the music (decision 053).
 */
export function RouteError({
  error,
  cards = true,
  as = 'section',
}: {
  error: unknown;
  cards?: boolean;
  /** 'main' for a page without a frame of its own (then a header comes before it). */
  as?: 'main' | 'section';
}) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const { pathname } = useLocation();
  const status = errorStatus(error);
  const detail = import.meta.env.DEV && error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : null;
  if (!isRouteErrorResponse(error) && typeof console !== 'undefined') console.error(error);
  return (
    <ErrorPanel status={status} path={pathname} detail={detail} cards={cards} as={as} isBot={root?.isBot ?? false} />
  );
}
