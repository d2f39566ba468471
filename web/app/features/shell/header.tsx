import { useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { Heart, Menu, Search } from 'lucide-react';
import { ButtonLink, IconButton } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { AccountMenu } from '../auth/account-menu';
import { useViewer } from '../auth/use-viewer';
import { HeaderSearchBar, useCompactHeader } from '../search/header-search';
import { openSearch } from '../search/search-open-store';
import { BurgerMenu, BURGER_MENU_ID } from './burger-menu';
import { useLocalizedPath } from './edition';
import { FavoritesModal } from './favorites-modal';
import { useHeaderScroll } from './header-scroll';
import { Logo } from './logo';
import { FAVORITES_PATH, LOGIN_PATH, mainNavFor, TRIAL_PATH } from './nav-links';
import { RegistrationActionLink } from './registration-action-link';
import styles from './header.module.css';

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
  const [menuOpen, setMenuOpen] = useState(false);
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
          <Link to={localized('/')} className={styles.logo} aria-label="Cuewave home">
            <Logo />
          </Link>

          <nav aria-label="Main" className={styles.nav}>
            <ul role="list" className={styles.navList}>
              {mainNavFor(!!me).map((link) => (
                <li key={link.url}>
                  <NavLink
                    to={localized(link.url)}
                    className={({ isActive }) => cx(styles.navLink, isActive && styles.navLinkActive)}
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>

          <HeaderSearchBar className={styles.searchBar} />

          <div className={styles.actions}>
            {/* The search icon opens the full-screen search overlay (features/search). */}
            <div className={styles.searchSlot} data-visible={showSearchIcon}>
              <IconButton
                aria-label="Search"
                title="Search (press /)"
                icon={<Search />}
                onClick={(event) => openSearch({ opener: event.currentTarget })}
                tabIndex={showSearchIcon ? 0 : -1}
                aria-hidden={!showSearchIcon || undefined}
                aria-haspopup="dialog"
                data-testid="header-search"
              />
            </div>
            <IconButton
              aria-label="Favourites"
              icon={<Heart />}
              onClick={() => (me ? navigate(FAVORITES_PATH) : setFavoritesOpen(true))}
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
                  Log in
                </ButtonLink>
                <ButtonLink to={TRIAL_PATH} variant="primary" className={styles.trial}>
                  Start free trial
                </ButtonLink>
              </>
            )}
            <IconButton
              aria-label="Open menu"
              icon={<Menu />}
              variant="secondary"
              onClick={() => setMenuOpen(true)}
              aria-expanded={menuOpen}
              aria-controls={menuOpen ? BURGER_MENU_ID : undefined}
              aria-haspopup="dialog"
              data-testid="burger-button"
            />
          </div>
        </div>
      </header>
      <BurgerMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
      <FavoritesModal
        open={favoritesOpen}
        onClose={() => setFavoritesOpen(false)}
        // Signing in from here leads on to what the visitor reached for.
        returnTo="/c/playlists/favorites"
      />
    </>
  );
}
