import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'react-router';
import { PrefetchLink } from '../../components/ui/prefetch-link';
import { ArrowRight, ArrowUpRight, LogOut, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink, IconButton } from '../../components/ui/button';
import { useFocusTrap, useScrollLock } from '../../components/ui/focus-trap';
import { Skeleton } from '../../components/ui/skeleton';
import { useLocalizedPath } from './edition';
import { Logo } from './logo';
import { useAuth } from '../auth/use-auth';
import { useViewer } from '../auth/use-viewer';
import {
  BURGER_MENU_ID,
  dashboardNavFor,
  EXPLORE_NAV,
  HELP_NAV,
  LOGIN_PATH,
  navLabel,
  TRIAL_PATH,
  type NavLink,
} from './nav-links';
import { RegistrationActionLink } from './registration-action-link';
import { useGenres } from './use-genres';
import styles from './burger-menu.module.css';

/**
 * Full-screen navigation (spec §2): dashboard links (signed in) or explore links, an "all music"
 * list of genres, and log out or the log in / free trial buttons. A modal dialog: focus is trapped,
 * Escape closes, the page behind doesn't scroll, and any navigation closes it.
 */
export function BurgerMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const localized = useLocalizedPath();
  const { genres, failed } = useGenres(open);
  const location = useLocation();
  const me = useViewer();
  const { signOut } = useAuth();
  const [signingOut, setSigningOut] = useState(false);
  const links: NavLink[] = me ? dashboardNavFor(me) : EXPLORE_NAV;

  useFocusTrap(panelRef, open && mounted, { onEscape: onClose, initialFocus: closeRef });
  useScrollLock(open && mounted);

  const closeRefFn = useRef(onClose);
  closeRefFn.current = onClose;
  // A navigation closes the menu; mounting does not (the header mounts it on the first open).
  const where = location.pathname + location.search;
  const shownAt = useRef(where);
  useEffect(() => {
    if (shownAt.current === where) return;
    shownAt.current = where;
    closeRefFn.current();
  }, [where]);

  if (!mounted || !open) return null;

  return createPortal(
    <div
      ref={panelRef}
      id={BURGER_MENU_ID}
      className={styles.menu}
      role="dialog"
      aria-modal="true"
      aria-label={t('siteMenu')}
      data-testid="burger-menu"
    >
      <div className={styles.top}>
        <PrefetchLink to={localized('/')} className={styles.logo} aria-label={t('home')}>
          <Logo />
        </PrefetchLink>
        <IconButton
          ref={closeRef}
          aria-label={t('closeMenu')}
          icon={<X />}
          variant="secondary"
          onClick={onClose}
          data-testid="burger-close"
        />
      </div>

      <div className={styles.scroller} data-testid="burger-scroller">
        <div className={styles.content}>
          <nav aria-labelledby="menu-explore" className={styles.explore}>
            <h2 id="menu-explore" className={styles.heading}>
              {me ? t('menu.yourAccount') : t('menu.explore')}
            </h2>
            {me ? <p className={styles.email}>{me.account.email}</p> : null}
            <ul role="list" className={styles.exploreList} data-testid="burger-links">
              {links.map((link, i) => (
                <li key={link.url} style={{ animationDelay: `${40 + i * 25}ms` }}>
                  <PrefetchLink to={localized(link.url)} className={styles.exploreLink}>
                    {t(navLabel(link))}
                  </PrefetchLink>
                </li>
              ))}
            </ul>
            <ul role="list" className={styles.helpList}>
              {HELP_NAV.map((link) => (
                <li key={link.url}>
                  <PrefetchLink to={localized(link.url)} className={styles.helpLink}>
                    {t(navLabel(link))}
                  </PrefetchLink>
                </li>
              ))}
            </ul>
          </nav>

          <nav aria-labelledby="menu-all-music" className={styles.genres}>
            <h2 id="menu-all-music" className={styles.heading}>
              {t('menu.allMusic')}
            </h2>
            {genres ? (
              genres.length ? (
                <ul role="list" className={styles.genreList}>
                  {genres.map((genre) => (
                    <li key={genre.id}>
                      <PrefetchLink to={`/c/genres/${encodeURIComponent(genre.id)}`} className={styles.genreLink}>
                        <span>{genre.name}</span>
                        <ArrowRight aria-hidden="true" className={styles.genreArrow} />
                      </PrefetchLink>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className={styles.note}>{t('menu.noGenres')}</p>
              )
            ) : failed ? (
              <p className={styles.note}>
                {t('menu.genresFailed')}{' '}
                <PrefetchLink to="/c/genres" className={styles.inlineLink}>
                  {t('menu.browseGenres')}
                </PrefetchLink>
              </p>
            ) : (
              <div className={styles.genreList} aria-busy="true" aria-label={t('menu.loadingGenres')}>
                {Array.from({ length: 12 }, (_, i) => (
                  <Skeleton key={i} variant="text" height={18} width={`${60 + ((i * 17) % 35)}%`} />
                ))}
              </div>
            )}
            <PrefetchLink to="/c/genres" className={styles.allGenres}>
              {t('menu.everyGenre')} <ArrowUpRight aria-hidden="true" />
            </PrefetchLink>
          </nav>
        </div>
      </div>

      <div className={styles.actionBar}>
        <div className={styles.actions} data-testid="burger-actions">
          {me ? (
            <>
              <Button
                variant="secondary"
                size="lg"
                icon={<LogOut />}
                loading={signingOut}
                onClick={() => {
                  setSigningOut(true);
                  void signOut();
                }}
                data-testid="burger-logout"
              >
                {t('logOut')}
              </Button>
              <RegistrationActionLink me={me} size="lg" inMenu />
            </>
          ) : (
            <>
              <ButtonLink to={LOGIN_PATH} variant="secondary" size="lg">
                {t('logIn')}
              </ButtonLink>
              <ButtonLink to={TRIAL_PATH} variant="primary" size="lg">
                {t('startTrial')}
              </ButtonLink>
            </>
          )}
        </div>
      </div>
    </div>,
    document.body,
  );
}
