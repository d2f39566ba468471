import { Outlet } from 'react-router';
import { layoutMeta, RouteError } from '../features/errors/route-error';
import { Header } from '../features/shell/header';
import type { Route } from './+types/page-boundary';

export const meta: Route.MetaFunction = layoutMeta;

/**
 * A pathless route around every page. Its error boundary catches what the pages without a frame
 * (home, /ott, /register, the mailbox) throw, below the root: the root's boundary would remount the
 * whole document, player included, and stop the music (decision 053).
 */
export default function PageBoundary() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <>
      <Header />
      <RouteError error={error} as="main" />
    </>
  );
}
