import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PrefetchLink, PrefetchNavLink } from '../../components/ui/prefetch-link';
import { Heart, Menu, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink, IconButton } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { lazyDialog } from '../../components/ui/lazy-part';
import { AccountMenu } from '../auth/account-menu';
import { useViewer } from '../auth/use-viewer';
import { HeaderSearchBar, useCompactHeader } from '../search/header-search';
import { openSearch } from '../search/search-open-store';
import { useLocalizedPath } from './edition';
import { LazyFavoritesModal, preloadFavoritesModal } from './lazy-favorites-modal';
import { useHeaderScroll } from './header-scroll';
import { Logo } from './logo';
import { BURGER_MENU_ID, FAVORITES_PATH, LOGIN_PATH, mainNavFor, navLabel, TRIAL_PATH } from './nav-links';
import { RegistrationActionLink } from './registration-action-link';
import styles from './header.module.css';

// The full-screen menu loads when the burger button is first reached for, not with every page.
const BurgerMenu = lazyDialog(() => import('./burger-menu').then((m) => m.BurgerMenu));

export type HeaderProps = {
  /**
   * 'transparent' lets a hero image show through until the page scrolls (home page);
   * 'solid' (default) is the translucent blurred bar.
   */
  variant?: 'solid' | 'transparent';
};

/**
 * Site header (spec §2): logo, main navigation, search slot, favourites heart, log in and free
 * trial, burger menu. Sticky; slides away while scrolling down and comes back when scrolling up.
 * Signed in, the account menu replaces log in / free trial, In-store leaves the navigation and the
 * heart goes straight to the favourites; an unfinished registration gets a "Finish sign-up" button, a
 * returning customer buying a plan again a "Choose a plan" one (RegistrationActionLink).
 */
export function Header({ variant = 'solid' }: HeaderProps) {
  const { t } = useTranslation('shell');
  const [menuOpen, setMenuOpen] = useState(false);
  // Mounted from the first open on, so closing and opening again behaves as before the menu was split out.
  const [menuUsed, setMenuUsed] = useState(false);
  const [favoritesOpen, setFavoritesOpen] = useState(false);
  const scroll = useHeaderScroll(64, menuOpen || favoritesOpen);
  const localized = useLocalizedPath();
  const navigate = useNavigate();
  const me = useViewer();
  // Desktop: the search bar until 100 px of scroll, then the icon (spec §2, §9); below 1024 px always the icon (decision 061).
  const compact = useCompactHeader();
  const showSearchIcon = scroll.showSearchIcon || compact;

  return (
    <>
      <header
        className={cx(styles.header, variant === 'transparent' && styles.transparent)}
        data-hidden={scroll.hidden}
        data-scrolled={scroll.scrolled}
        data-search-icon={showSearchIcon}
        data-testid="site-header"
      >
        <div className={styles.inner}>
          <PrefetchLink to={localized('/')} className={styles.logo} aria-label={t('home')}>
            <Logo />
          </PrefetchLink>

          <nav aria-label={t('mainNav')} className={styles.nav}>
            <ul role="list" className={styles.navList}>
              {mainNavFor(!!me).map((link) => (
                <li key={link.url}>
                  <PrefetchNavLink
                    to={localized(link.url)}
                    className={({ isActive }) => cx(styles.navLink, isActive && styles.navLinkActive)}
                  >
                    {t(navLabel(link))}
                  </PrefetchNavLink>
                </li>
              ))}
            </ul>
          </nav>

          <HeaderSearchBar className={styles.searchBar} />

          <div className={styles.actions}>
            {/* The search icon opens the full-screen search overlay (features/search). */}
            <div className={styles.searchSlot} data-visible={showSearchIcon}>
              <IconButton
                aria-label={t('search')}
                title={t('searchHint')}
                icon={<Search />}
                onClick={(event) => openSearch({ opener: event.currentTarget })}
                tabIndex={showSearchIcon ? 0 : -1}
                aria-hidden={!showSearchIcon || undefined}
                aria-haspopup="dialog"
                data-testid="header-search"
              />
            </div>
            <IconButton
              aria-label={t('favourites')}
              icon={<Heart />}
              onClick={() => (me ? navigate(FAVORITES_PATH) : setFavoritesOpen(true))}
              onPointerEnter={me ? undefined : preloadFavoritesModal}
              aria-haspopup={me ? undefined : 'dialog'}
              data-testid="header-favorites"
            />
            {me ? (
              <>
                <RegistrationActionLink me={me} className={styles.trial} />
                <AccountMenu me={me} className={styles.account} />
              </>
            ) : (
              <>
                <ButtonLink to={LOGIN_PATH} variant="ghost" className={styles.desktopOnly} data-testid="header-login">
                  {t('logIn')}
                </ButtonLink>
                <ButtonLink to={TRIAL_PATH} variant="primary" className={styles.trial}>
                  {t('startTrial')}
                </ButtonLink>
              </>
            )}
            <IconButton
              aria-label={t('openMenu')}
              icon={<Menu />}
              variant="secondary"
              onClick={() => {
                setMenuUsed(true);
                setMenuOpen(true);
              }}
              onPointerEnter={BurgerMenu.preload}
              onFocus={BurgerMenu.preload}
              aria-expanded={menuOpen}
              aria-controls={menuOpen ? BURGER_MENU_ID : undefined}
              aria-haspopup="dialog"
              data-testid="burger-button"
            />
          </div>
        </div>
      </header>
      {menuUsed ? <BurgerMenu open={menuOpen} onClose={() => setMenuOpen(false)} /> : null}
      <LazyFavoritesModal
        open={favoritesOpen}
        onClose={() => setFavoritesOpen(false)}
        // Signing in from here leads on to what the visitor reached for.
        returnTo="/c/playlists/favorites"
      />
    </>
  );
}
