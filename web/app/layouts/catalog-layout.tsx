import { Outlet } from 'react-router';
import { CatalogSwitcher } from '../features/shell/catalog-switcher';
import { Footer } from '../features/shell/footer';
import { Header } from '../features/shell/header';
import styles from './layouts.module.css';

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
