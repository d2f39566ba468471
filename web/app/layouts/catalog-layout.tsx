import { Outlet } from 'react-router';
import { layoutMeta, RouteError } from '../features/errors/route-error';
import { CatalogSwitcher } from '../features/shell/catalog-switcher';
import { Footer } from '../features/shell/footer';
import { Header } from '../features/shell/header';
import styles from './layouts.module.css';
import type { Route } from './+types/catalog-layout';

export const meta: Route.MetaFunction = layoutMeta;

/** Catalogue pages (spec §2): header, catalogue switcher tabs, the page, footer. */
export default function CatalogLayout() {
  return (
    <>
      <Header />
      <CatalogSwitcher />
      <main id="main" className={styles.main}>
        <Outlet />
      </main>
      <Footer />
    </>
  );
}

/**
 * An unknown catalogue path (c/*) or id (a genre, mood or playlist that doesn't exist) keeps the
 * catalogue's frame and its tabs, so the visitor can carry on browsing (decision 053).
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <>
      <Header />
      <CatalogSwitcher />
      <main id="main" className={styles.main}>
        <RouteError error={error} />
      </main>
      <Footer />
    </>
  );
}
