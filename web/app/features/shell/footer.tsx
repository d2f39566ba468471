import { Link } from 'react-router';
import { useViewer } from '../auth/use-viewer';
import { useLocalizedPath } from './edition';
import { EditionSwitch } from './edition-switch';
import { IN_STORE_PATH } from './nav-links';
import { Logo } from './logo';
import styles from './footer.module.css';

const COLUMNS: Array<{ title: string; links: Array<{ label: string; url: string }> }> = [
  {
    title: 'Catalogue',
    links: [
      { label: 'Genres', url: '/c/genres' },
      { label: 'Top music', url: '/c/top-music' },
      { label: 'Moods', url: '/c/moods' },
      { label: 'Sound effects', url: '/c/sfx' },
      { label: 'Reels & shorts', url: '/c/reels' },
      { label: 'Playlists', url: '/c/playlists' },
    ],
  },
  {
    title: 'Licensing',
    links: [
      { label: 'Licenses & Pricing', url: '/licenses' },
      { label: 'Enterprise', url: '/enterprise' },
      { label: 'In-store music', url: '/in-store' },
      { label: 'Start free trial', url: '/register' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About us', url: '/about' },
      { label: 'Contact', url: '/contact' },
      { label: 'FAQ', url: '/faq/rights' },
    ],
  },
];

/** Site footer: brand, link columns, legal links and the edition marker. */
export function Footer() {
  const localized = useLocalizedPath();
  const signedIn = useViewer() !== null;
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer} data-testid="site-footer">
      <div className={styles.inner}>
        <div className={styles.brand}>
          <Link to={localized('/')} aria-label="Cuewave home" className={styles.logo}>
            <Logo />
          </Link>
          <p className={styles.tagline}>
            Music and sound effects for creators and brands, cleared for every platform you publish on.
          </p>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title} className={styles.column}>
            <h2 className={styles.heading}>{column.title}</h2>
            <ul role="list" className={styles.list}>
              {column.links
                .filter((link) => !(signedIn && (link.url === IN_STORE_PATH || link.url === '/register')))
                .map((link) => (
                  <li key={link.url}>
                    <Link to={localized(link.url)} className={styles.link}>
                      {link.label}
                    </Link>
                  </li>
                ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className={styles.bottom}>
        <p>© {year} Cuewave. All rights reserved.</p>
        <ul role="list" className={styles.legal}>
          <li>
            <Link to={localized('/terms-conditions')} className={styles.link}>
              Terms &amp; conditions
            </Link>
          </li>
          <li>
            <Link to={localized('/privacy-policy')} className={styles.link}>
              Privacy policy
            </Link>
          </li>
          <li>
            <EditionSwitch />
          </li>
        </ul>
      </div>
    </footer>
  );
}
