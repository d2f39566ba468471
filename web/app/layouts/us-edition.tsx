import { Outlet } from 'react-router';
import { layoutMeta, RouteError } from '../features/errors/route-error';
import { EditionProvider } from '../features/shell/edition';
import { Header } from '../features/shell/header';
import type { Route } from './+types/us-edition';

export const meta: Route.MetaFunction = layoutMeta;

/**
 * The /us prefix (spec §2): every page again, in the US edition. Components read the edition with
 * useEdition() and build links with useLocalizedPath() (features/shell/edition.tsx).
 */
export default function UsEdition() {
  return (
    <EditionProvider edition="us">
      <Outlet />
    </EditionProvider>
  );
}

/** Like layouts/page-boundary.tsx for the /us tree: a failing frameless page keeps the player playing. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <EditionProvider edition="us">
      <Header />
      <RouteError error={error} as="main" />
    </EditionProvider>
  );
}
