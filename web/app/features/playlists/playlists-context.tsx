import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Me } from '@cuewave/contract/account';
import type { UserPlaylistSummary } from '@cuewave/contract/playlists';
import { useCatalogToast } from '../../components/ui/toast';
import type { FavoritesModalReason } from '../shell/favorites-modal';
import { LazyFavoritesModal as FavoritesModal } from '../shell/lazy-favorites-modal';
import { playlistsApi } from './api';
import { PLAYLIST_MESSAGES, trackAddedMessage } from './messages';
import { rememberPendingFavorite, takePendingFavorite } from './pending-favorite';

export type PlaylistsStatus = 'visitor' | 'loading' | 'ready' | 'failed';

export type PlaylistsApi = {
  signedIn: boolean;
  status: PlaylistsStatus;
  /** The user's own playlists (Favorites left out), newest first. */
  playlists: UserPlaylistSummary[];
  /** The Favorites playlist's id, once it exists. */
  favoritesId: string | null;
  isFavorite(productId: string): boolean;
  /** Optimistic: the heart flips at once and flips back (with a toast) if the API refuses. */
  toggleFavorite(productId: string): void;
  addToPlaylist(playlist: Pick<UserPlaylistSummary, 'id' | 'name'>, productId: string): Promise<boolean>;
  /** Creates a playlist (and puts the product in it when given); null when it failed (toast shown). */
  createPlaylist(name: string, productId?: string): Promise<UserPlaylistSummary | null>;
  /** A visitor reaching for a heart or a playlist: the sign-in modal (remembering the hearted track). */
  requireSignIn(reason: FavoritesModalReason, productId?: string): void;
  /** Takes a changed playlist from a dashboard page (the menus list it fresh). */
  remember(summary: UserPlaylistSummary): void;
  forget(playlistId: string): void;
  reload(): Promise<void>;
};

const PlaylistsContext = createContext<PlaylistsApi | null>(null);

const visitorApi: PlaylistsApi = {
  signedIn: false,
  status: 'visitor',
  playlists: [],
  favoritesId: null,
  isFavorite: () => false,
  toggleFavorite() {},
  addToPlaylist: async () => false,
  createPlaylist: async () => null,
  requireSignIn() {},
  remember() {},
  forget() {},
  reload: async () => {},
};

/** Favourites and playlists of the signed-in user; outside a provider, a visitor's empty state. */
export function usePlaylists(): PlaylistsApi {
  return useContext(PlaylistsContext) ?? visitorApi;
}

const byNewest = (a: UserPlaylistSummary, b: UserPlaylistSummary) =>
  (b.updateTS || b.createTS) - (a.updateTS || a.createTS);

type Deferred = { promise: Promise<void>; settle: () => void };

function deferred(): Deferred {
  let settle = () => {};
  const promise = new Promise<void>((resolve) => (settle = resolve));
  return { promise, settle };
}

/** What the hearts need of the Favorites playlist: its id (null until it exists) and its product ids. */
type FavoritesState = { id: string | null; itemIds: string[] };

/** Product ids with one added (at `position`, else the end) or removed, for optimistic state. */
export function withItem(ids: string[], productId: string, present: boolean, position?: number): string[] {
  const next = ids.filter((id) => id !== productId);
  if (present) next.splice(Math.min(position ?? next.length, next.length), 0, productId);
  return next;
}

/**
 * Loads the user's playlists once per sign-in (one call: the list carries each playlist's item ids,
 * so every heart knows its state) and owns the favourite and add-to-playlist actions with their
 * spec §8 toasts (catalogue-area stack, spec §9). After a sign-in that started at a heart, the
 * hearted track is favourited once.
 */
export function PlaylistsProvider({ me, children }: { me: Me | null; children: ReactNode }) {
  const toast = useCatalogToast();
  // The toasts' texts (spec §8) in the page's language.
  const { t } = useTranslation('playlists');
  const { pathname, search } = useLocation();
  const userId = me?.account.id ?? null;
  const ready = !!me && me.registrationStep === null;
  // Signed in, the server render already says "loading", so the first client render matches it.
  const [status, setStatus] = useState<PlaylistsStatus>(ready ? 'loading' : 'visitor');
  const [playlists, setPlaylists] = useState<UserPlaylistSummary[]>([]);
  const [favorites, setFavorites] = useState<FavoritesState>({ id: null, itemIds: [] });
  const [modal, setModal] = useState<{ reason: FavoritesModalReason; productId?: string } | null>(null);
  // Favourite changes run one after another, so the server sees them in the order the user clicked.
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const favoritesRef = useRef(favorites);
  favoritesRef.current = favorites;
  // Settles once the list has loaded (or failed): a heart pressed before then waits for it, since only
  // then is it known whether the press adds or removes.
  const loaded = useRef<Deferred | null>(null);
  loaded.current ??= deferred();

  const apply = useCallback((list: UserPlaylistSummary[]) => {
    const found = list.find((p) => p.favorites);
    const next = { id: found?.id ?? null, itemIds: found?.itemIds ?? [] };
    favoritesRef.current = next;
    setFavorites(next);
    setPlaylists(list.filter((p) => !p.favorites).sort(byNewest));
  }, []);

  const reload = useCallback(async () => {
    try {
      apply(await playlistsApi.list());
      setStatus('ready');
    } catch {
      setStatus('failed');
    }
  }, [apply]);

  const favoriteIds = useMemo(() => new Set(favorites.itemIds), [favorites]);

  const setFavorite = useCallback(
    (productId: string, present: boolean, position?: number, announce = true) => {
      const before = favoritesRef.current;
      const was = before.itemIds.includes(productId);
      if (was === present) return;
      const index = before.itemIds.indexOf(productId);
      setFavorites((current) => ({ ...current, itemIds: withItem(current.itemIds, productId, present, position) }));
      const run = async () => {
        try {
          const summary =
            present && position !== undefined && before.id
              ? await playlistsApi.addItem(before.id, productId, position)
              : present
                ? await playlistsApi.addFavorite(productId)
                : await playlistsApi.removeFavorite(productId);
          // Keep the server's id, but not an order older than clicks made since.
          setFavorites((current) => ({ ...current, id: summary.id }));
          if (!announce) return;
          if (present) toast.success(t(PLAYLIST_MESSAGES.trackAdded));
          else
            toast.success(t(PLAYLIST_MESSAGES.trackDeleted), {
              action: { label: t('undo'), onClick: () => setFavorite(productId, true, Math.max(0, index), false) },
            });
        } catch {
          setFavorites((current) => ({
            ...current,
            itemIds: withItem(current.itemIds, productId, was, index < 0 ? undefined : index),
          }));
          toast.error(t(present ? PLAYLIST_MESSAGES.addFailed : PLAYLIST_MESSAGES.removeFailed));
        }
      };
      chain.current = chain.current.then(run, run);
    },
    [toast, t],
  );

  // Load on sign-in, clear on sign-out.
  useEffect(() => {
    if (!ready) {
      setStatus('visitor');
      setPlaylists([]);
      setFavorites({ id: null, itemIds: [] });
      return;
    }
    setStatus('loading');
    let live = true;
    const done = deferred();
    loaded.current = done;
    playlistsApi
      .list()
      .then(
        (list) => {
          if (!live) return;
          apply(list);
          setStatus('ready');
        },
        () => live && setStatus('failed'),
      )
      .finally(done.settle);
    return () => {
      live = false;
    };
  }, [ready, userId, apply]);

  // The heart that sent a visitor to sign in: favourite that track once the playlists are known.
  useEffect(() => {
    if (status !== 'ready') return;
    const pending = takePendingFavorite();
    if (pending) setFavorite(pending, true);
  }, [status, setFavorite]);

  const addToPlaylist = useCallback(
    async (playlist: Pick<UserPlaylistSummary, 'id' | 'name'>, productId: string) => {
      try {
        const summary = await playlistsApi.addItem(playlist.id, productId);
        setPlaylists((list) => [summary, ...list.filter((p) => p.id !== summary.id)]);
        toast.success(trackAddedMessage(t, playlist.name));
        return true;
      } catch {
        toast.error(t(PLAYLIST_MESSAGES.addFailed));
        return false;
      }
    },
    [toast, t],
  );

  const createPlaylist = useCallback(
    async (name: string, productId?: string) => {
      let created: UserPlaylistSummary;
      try {
        const { items: _items, notes: _notes, ...summary } = await playlistsApi.create({ name });
        created = summary;
      } catch {
        toast.error(t(PLAYLIST_MESSAGES.createFailed));
        return null;
      }
      setPlaylists((list) => [created, ...list]);
      toast.success(t(PLAYLIST_MESSAGES.created));
      if (productId && (await addToPlaylist(created, productId))) {
        return { ...created, itemIds: [productId], trackCount: 1 };
      }
      return created;
    },
    [toast, t, addToPlaylist],
  );

  const requireSignIn = useCallback((reason: FavoritesModalReason, productId?: string) => {
    setModal({ reason, productId });
  }, []);

  const remember = useCallback((summary: UserPlaylistSummary) => {
    if (summary.favorites) {
      favoritesRef.current = { id: summary.id, itemIds: summary.itemIds };
      setFavorites(favoritesRef.current);
    } else setPlaylists((list) => [summary, ...list.filter((p) => p.id !== summary.id)].sort(byNewest));
  }, []);
  const forget = useCallback((id: string) => setPlaylists((list) => list.filter((p) => p.id !== id)), []);

  const api = useMemo<PlaylistsApi>(
    () => ({
      signedIn: ready,
      status,
      playlists,
      favoritesId: favorites.id,
      isFavorite: (id) => favoriteIds.has(id),
      toggleFavorite: (id) => {
        if (status === 'ready') setFavorite(id, !favoriteIds.has(id));
        else void loaded.current?.promise.then(() => setFavorite(id, !favoritesRef.current.itemIds.includes(id)));
      },
      addToPlaylist,
      createPlaylist,
      requireSignIn,
      remember,
      forget,
      reload,
    }),
    [
      ready,
      status,
      playlists,
      favorites,
      favoriteIds,
      setFavorite,
      addToPlaylist,
      createPlaylist,
      requireSignIn,
      remember,
      forget,
      reload,
    ],
  );

  const pendingProduct = modal?.productId;
  return (
    <PlaylistsContext.Provider value={api}>
      {children}
      <FavoritesModal
        open={modal !== null}
        reason={modal?.reason ?? 'favorites'}
        returnTo={pathname + search}
        onContinue={pendingProduct ? () => rememberPendingFavorite(pendingProduct) : undefined}
        onClose={() => setModal(null)}
      />
    </PlaylistsContext.Provider>
  );
}
