import { useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AudioWaveform, Clapperboard, Disc3, Heart, ListMusic, Smile, TrendingUp } from 'lucide-react';
import { LinkTabs, type LinkTab } from '../../components/ui/tabs';
import { useViewer } from '../auth/use-viewer';
import { LazyFavoritesModal } from './lazy-favorites-modal';
import { FAVORITES_PATH } from './nav-links';
import { stripEdition } from './paths';
import styles from './catalog-switcher.module.css';

/** Tab labels are the shell's `catalogTabs.<key>` texts. */
const TABS: Array<{ key: string; path: string; icon: typeof Disc3 }> = [
  { key: 'genres', path: '/c/genres', icon: Disc3 },
  { key: 'top-music', path: '/c/top-music', icon: TrendingUp },
  { key: 'moods', path: '/c/moods', icon: Smile },
  { key: 'sfx', path: '/c/sfx', icon: AudioWaveform },
  { key: 'reels', path: '/c/reels', icon: Clapperboard },
  { key: 'playlists', path: '/c/playlists', icon: ListMusic },
  { key: 'favorites', path: FAVORITES_PATH, icon: Heart },
];

/** Which tab a catalogue path belongs to (favourites is a playlist path of its own). */
export function activeCatalogTab(pathname: string): string | null {
  const path = stripEdition(pathname);
  if (path === FAVORITES_PATH || path.startsWith(FAVORITES_PATH + '/')) return 'favorites';
  for (const tab of TABS) {
    if (path === tab.path || path.startsWith(tab.path + '/')) return tab.key;
  }
  return null;
}

/**
 * Catalogue switcher tabs (spec §2). The tabs stay in the edition tree the visitor is in. A
 * signed-out visitor's favourites tab opens the explanation modal instead of navigating.
 */
export function CatalogSwitcher() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const [favoritesOpen, setFavoritesOpen] = useState(false);
  const signedIn = useViewer() !== null;
  const active = activeCatalogTab(pathname);
  const prefix = pathname === '/us' || pathname.startsWith('/us/') ? '/us' : '';

  const tabs: LinkTab[] = TABS.map((tab) => {
    const Icon = tab.icon;
    return {
      to: prefix + tab.path,
      label: t(`catalogTabs.${tab.key}`),
      icon: <Icon />,
      active: active === tab.key,
      testId: `catalog-tab-${tab.key}`,
      onClick:
        tab.key === 'favorites' && !signedIn
          ? (event) => {
              event.preventDefault();
              setFavoritesOpen(true);
            }
          : undefined,
    };
  });

  return (
    <div className={styles.wrap}>
      <div className={styles.inner}>
        <LinkTabs tabs={tabs} aria-label={t('catalogTabs.label')} variant="pills" className={styles.tabs} />
      </div>
      <LazyFavoritesModal
        open={favoritesOpen}
        onClose={() => setFavoritesOpen(false)}
        // Signing in from here leads on to what the visitor reached for.
        returnTo="/c/playlists/favorites"
      />
    </div>
  );
}
