import { useTranslation } from 'react-i18next';
import { PrefetchLink } from '../../components/ui/prefetch-link';
import { useViewer } from '../auth/use-viewer';
import { openCookieSettings } from '../consent/consent-editing';
import { useLocalizedPath } from './edition';
import { EditionSwitch } from './edition-switch';
import { LanguageSwitch } from './language-switch';
import { IN_STORE_PATH, navLabel, type NavLink } from './nav-links';
import { Logo } from './logo';
import styles from './footer.module.css';

/** The link columns; titles are keys of `footer.*`, labels of `nav.*` in the shell's texts. */
const COLUMNS: Array<{ titleKey: string; links: NavLink[] }> = [
  {
    titleKey: 'catalogue',
    links: [
      { labelKey: 'genres', url: '/c/genres' },
      { labelKey: 'topMusic', url: '/c/top-music' },
      { labelKey: 'moods', url: '/c/moods' },
      { labelKey: 'sfx', url: '/c/sfx' },
      { labelKey: 'reels', url: '/c/reels' },
      { labelKey: 'playlists', url: '/c/playlists' },
    ],
  },
  {
    titleKey: 'licensing',
    links: [
      { labelKey: 'pricing', url: '/licenses' },
      { labelKey: 'enterprise', url: '/enterprise' },
      { labelKey: 'inStoreMusic', url: '/in-store' },
      { labelKey: 'startTrial', url: '/register' },
    ],
  },
  {
    titleKey: 'company',
    links: [
      { labelKey: 'about', url: '/about' },
      { labelKey: 'contact', url: '/contact' },
      { labelKey: 'faq', url: '/faq/rights' },
    ],
  },
];

/** Site footer: brand, link columns, legal links and the edition marker. */
export function Footer() {
  const { t } = useTranslation('shell');
  const localized = useLocalizedPath();
  const signedIn = useViewer() !== null;
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer} data-testid="site-footer">
      <div className={styles.inner}>
        <div className={styles.brand}>
          <PrefetchLink to={localized('/')} aria-label={t('home')} className={styles.logo}>
            <Logo />
          </PrefetchLink>
          <p className={styles.tagline}>{t('footer.tagline')}</p>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.titleKey} aria-label={t(`footer.${column.titleKey}`)} className={styles.column}>
            <h2 className={styles.heading}>{t(`footer.${column.titleKey}`)}</h2>
            <ul role="list" className={styles.list}>
              {column.links
                .filter((link) => !(signedIn && (link.url === IN_STORE_PATH || link.url === '/register')))
                .map((link) => (
                  <li key={link.url}>
                    <PrefetchLink to={localized(link.url)} className={styles.link}>
                      {t(navLabel(link))}
                    </PrefetchLink>
                  </li>
                ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className={styles.bottom}>
        <p>{t('footer.rights', { year })}</p>
        <ul role="list" className={styles.legal}>
          <li>
            <PrefetchLink to={localized('/terms-conditions')} className={styles.link}>
              {t('footer.terms')}
            </PrefetchLink>
          </li>
          <li>
            <PrefetchLink to={localized('/privacy-policy')} className={styles.link}>
              {t('footer.privacy')}
            </PrefetchLink>
          </li>
          <li>
            {/* Reopens the consent settings (spec §2 root shell, decision 071). */}
            <button type="button" className={styles.linkButton} onClick={openCookieSettings}>
              {t('footer.cookieSettings')}
            </button>
          </li>
          <li>
            <EditionSwitch />
          </li>
          <li>
            <LanguageSwitch />
          </li>
        </ul>
      </div>
    </footer>
  );
}
