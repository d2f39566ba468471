import { Outlet } from 'react-router';
import { Footer } from '../features/shell/footer';
import { Header } from '../features/shell/header';
import styles from './layouts.module.css';

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
