import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { requestTexts } from '../../i18n/request-texts.server';
import { Heart } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button';
import { guardAuth } from '../../features/auth/guards.server';
import { PageHeader } from '../../features/catalog/components/page-header';
import { PlayAllButton } from '../../features/catalog/components/play-all-button';
import { PlaylistDownloadButton } from '../../features/playlist-download/playlist-download-button';
import { usePlaylistMeta } from '../../features/catalog/components/playlist-card';
import { TrackList } from '../../features/catalog/components/track-list';
import { catalogPaths, useLocalize } from '../../features/catalog/paths';
import { playlistsApi } from '../../features/playlists/api';
import { usePlaylists } from '../../features/playlists/playlists-context';
import type { Route } from './+types/favorites';

/** Favourites need an account (spec §2): visitors go to sign in and come back here. */
export async function loader({ request }: Route.LoaderArgs) {
  await guardAuth(request);
  // meta runs outside React: its title comes in the request's language (decision 075).
  const title = requestTexts(request, 'catalog-meta').t('favorites.title');
  try {
    return { favorites: await playlistsApi.favorites({ request }), failed: false, title };
  } catch {
    return { favorites: null, failed: true, title };
  }
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...(data ? [{ title: `${data.title} | Cuewave` }] : []),
  { name: 'robots', content: 'noindex' },
];

/**
 * /c/playlists/favorites: the signed-in user's Favorites as track rows. A heart taken off here takes
 * the row away at once (its toast offers Undo, which brings it back in place).
 */
export default function FavoritesPage({ loaderData }: Route.ComponentProps) {
  const { favorites, failed } = loaderData;
  const playlists = usePlaylists();
  const localize = useLocalize();
  const { t } = useTranslation('catalog');
  const playlistMeta = usePlaylistMeta();
  const loaded = favorites?.items ?? [];
  // The hearts are the truth once known: un-hearted rows leave, re-hearted (Undo) ones come back.
  const items = playlists.status === 'ready' ? loaded.filter((p) => playlists.isFavorite(p.id)) : loaded;
  const duration = items.reduce((sum, p) => sum + p.duration, 0);
  const rootRef = useRef<HTMLDivElement>(null);

  // Until the shared state has loaded, this page already knows its hearts: all of them are on.
  const { status, remember } = playlists;
  useEffect(() => {
    if (status !== 'loading' || !favorites) return;
    const { items: _items, notes: _notes, ...summary } = favorites;
    remember(summary);
  }, [status, favorites, remember]);

  const previousIds = useRef(items.map((p) => p.id));

  // A row that leaves takes its focused heart with it: focus goes on to the heart now in its place.
  useEffect(() => {
    const before = previousIds.current;
    previousIds.current = items.map((p) => p.id);
    const gone = before.findIndex((id) => !items.some((p) => p.id === id));
    if (gone < 0 || (document.activeElement && document.activeElement !== document.body)) return;
    const hearts = rootRef.current?.querySelectorAll<HTMLElement>('[data-testid="favorite-button"]') ?? [];
    const next = hearts[Math.min(gone, hearts.length - 1)] ?? rootRef.current?.querySelector<HTMLElement>('h1');
    if (next?.tagName === 'H1') next.setAttribute('tabindex', '-1');
    next?.focus();
  }, [items]);

  return (
    <div className="container" ref={rootRef}>
      <PageHeader
        compact
        eyebrow={t('favorites.eyebrow')}
        icon={<Heart />}
        title={t('favorites.title')}
        description={t('favorites.description')}
        seed="favorites"
        meta={failed ? undefined : [playlistMeta(items.length, duration)]}
        actions={
          <>
            <PlayAllButton items={items} />
            {favorites ? <PlaylistDownloadButton playlist={{ id: favorites.id, name: favorites.name, items }} /> : null}
          </>
        }
      />
      <TrackList
        items={items}
        label={t('favorites.label')}
        failed={failed}
        empty={{
          title: t('favorites.emptyTitle'),
          description: t('favorites.emptyDescription'),
          action: (
            <ButtonLink to={localize(catalogPaths.genres())} variant="primary">
              {t('hero.browse')}
            </ButtonLink>
          ),
        }}
      />
    </div>
  );
}
