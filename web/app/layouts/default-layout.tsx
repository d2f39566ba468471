import { Outlet } from 'react-router';
import { layoutMeta, RouteError } from '../features/errors/route-error';
import { Footer } from '../features/shell/footer';
import { Header } from '../features/shell/header';
import styles from './layouts.module.css';
import type { Route } from './+types/default-layout';

export const meta: Route.MetaFunction = layoutMeta;

/** Pages with the plain site frame: header, the page, footer. */
export default function DefaultLayout() {
  return (
    <>
      <Header />
      <main id="main" className={styles.main}>
        <Outlet />
      </main>
      <Footer />
    </>
  );
}

/** Any unmatched path (the catch-all lives here) and unknown songs: the site frame with the message. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <>
      <Header />
      <main id="main" className={styles.main}>
        <RouteError error={error} />
      </main>
      <Footer />
    </>
  );
}
