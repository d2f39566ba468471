import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, ExternalLink } from 'lucide-react';
import type { Product } from '@cuewave/contract/catalog';
import type { UserPlaylist, UserPlaylistSummary } from '@cuewave/contract/playlists';
import { ButtonLink } from '../../components/ui/button';
import { useCatalogToast } from '../../components/ui/toast';
import { usePlaylistMeta } from '../catalog/components/playlist-card';
import { playlistsApi } from './api';
import { PLAYLIST_MESSAGES } from './messages';
import { playlistPaths } from './paths';
import { PlaylistDetailsForm, VisibilitySwitch } from './playlist-details';
import { usePlaylists } from './playlists-context';
import { insertAt, moveItem } from './reorder';
import { ShareLinkButton } from './share-link';
import { SortableTracks } from './sortable-tracks';
import styles from './playlists.module.css';

/** A reorder is saved this long after the last move, so a run of arrow presses is one update. */
export const REORDER_SAVE_DELAY_MS = 700;

const summaryOf = ({ items: _items, notes: _notes, ...summary }: UserPlaylist): UserPlaylistSummary => summary;

export type PlaylistEditorProps = {
  playlist: UserPlaylist;
  /**
   * The "Download playlist" control (playlist archives, features/playlist-download), given the
   * playlist as it is now. The page decides what goes here.
   */
  renderDownload?: (playlist: UserPlaylist) => ReactNode;
};

/**
 * /dashboard/playlists/{id}: rename and describe, public or private, reorder by drag or keyboard,
 * remove a track (the toast's Undo puts it back where it was), a private note per track, and the
 * share link of a public playlist. Every change is saved at once with the spec §8 toasts.
 */
export function PlaylistEditor({ playlist: initial, renderDownload }: PlaylistEditorProps) {
  const toast = useCatalogToast();
  const { t } = useTranslation('playlists');
  const playlistMeta = usePlaylistMeta();
  const shared = usePlaylists();
  const [playlist, setPlaylist] = useState(initial);
  const [items, setItems] = useState<Product[]>(initial.items);
  const [notes, setNotes] = useState<Record<string, string>>(initial.notes);
  const [announcement, setAnnouncement] = useState('');
  // The order the server has, to fall back to when saving a reorder fails.
  const savedOrder = useRef<Product[]>(initial.items);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const saveTimer = useRef<number | null>(null);

  useEffect(() => () => void (saveTimer.current && window.clearTimeout(saveTimer.current)), []);

  const adopt = useCallback(
    (next: UserPlaylist) => {
      setPlaylist(next);
      shared.remember(summaryOf(next));
    },
    [shared],
  );

  const saveOrder = useCallback(async () => {
    saveTimer.current = null;
    const order = itemsRef.current;
    try {
      const next = await playlistsApi.update(playlist.id, { items: order.map((p) => p.id) });
      savedOrder.current = order;
      adopt(next);
      toast.success(t(PLAYLIST_MESSAGES.updated));
    } catch {
      setItems(savedOrder.current);
      toast.error(t(PLAYLIST_MESSAGES.updateFailed));
    }
  }, [playlist.id, adopt, toast, t]);

  const move = useCallback(
    (from: number, to: number) => {
      const current = itemsRef.current;
      if (to < 0 || to >= current.length || from === to) return;
      const next = moveItem(current, from, to);
      itemsRef.current = next;
      setItems(next);
      setAnnouncement(t('editor.moved', { title: current[from]?.title ?? '', position: to + 1, count: next.length }));
      if (saveTimer.current) window.clearTimeout(saveTimer.current);
      saveTimer.current = window.setTimeout(() => void saveOrder(), REORDER_SAVE_DELAY_MS);
    },
    [saveOrder, t],
  );

  const undoRemove = useCallback(
    async (product: Product, index: number) => {
      setItems((current) => insertAt(current, index, product));
      try {
        const summary = await playlistsApi.addItem(playlist.id, product.id, index);
        savedOrder.current = insertAt(savedOrder.current, index, product);
        shared.remember(summary);
        setAnnouncement(t('editor.back', { title: product.title, position: index + 1 }));
      } catch {
        setItems((current) => current.filter((p) => p.id !== product.id));
        toast.error(t(PLAYLIST_MESSAGES.addFailed));
      }
    },
    [playlist.id, shared, toast, t],
  );

  const remove = useCallback(
    async (product: Product) => {
      const index = itemsRef.current.findIndex((p) => p.id === product.id);
      if (index < 0) return;
      setItems((current) => current.filter((p) => p.id !== product.id));
      try {
        const summary = await playlistsApi.removeItem(playlist.id, product.id);
        savedOrder.current = savedOrder.current.filter((p) => p.id !== product.id);
        shared.remember(summary);
        toast.success(t(PLAYLIST_MESSAGES.trackDeleted), {
          action: { label: t('undo'), onClick: () => void undoRemove(product, index) },
        });
      } catch {
        setItems((current) => insertAt(current, index, product));
        toast.error(t(PLAYLIST_MESSAGES.removeFailed));
      }
    },
    [playlist.id, shared, toast, t, undoRemove],
  );

  const duration = items.reduce((sum, p) => sum + p.duration, 0);
  const current = { ...playlist, items, notes };

  return (
    <div className={styles.page}>
      <Link to={playlistPaths.dashboard()} className={styles.back}>
        <ArrowLeft aria-hidden="true" /> {t('editor.all')}
      </Link>
      <header className={styles.editorHeader}>
        <div className={styles.editorTitleRow}>
          <h1 className={styles.pageTitle} data-testid="playlist-title">
            {playlist.favorites ? t('favourites') : playlist.name}
          </h1>
          <p className={styles.pageLead}>{playlistMeta(items.length, duration)}</p>
        </div>
        <div className={styles.editorActions}>
          {/* Slot: the "Download playlist" control of the playlist archives feature. */}
          {renderDownload?.(current)}
          {playlist.public ? <ShareLinkButton playlistId={playlist.id} /> : null}
          <ButtonLink
            to={playlist.favorites ? playlistPaths.favorites() : playlistPaths.shared(playlist.id)}
            variant="ghost"
            icon={<ExternalLink />}
          >
            {t('editor.open')}
          </ButtonLink>
        </div>
      </header>

      {playlist.favorites ? null : (
        <section className={styles.section} aria-labelledby="playlist-details">
          <h2 id="playlist-details" className={styles.sectionTitle}>
            {t('editor.details')}
          </h2>
          <PlaylistDetailsForm playlist={playlist} onSaved={adopt} />
          <VisibilitySwitch playlist={playlist} onSaved={adopt} />
        </section>
      )}

      <section className={styles.section} aria-labelledby="playlist-tracks">
        <div className={styles.sectionHead}>
          <h2 id="playlist-tracks" className={styles.sectionTitle}>
            {t('editor.tracks')}
          </h2>
          {items.length > 1 ? <p className={styles.sectionHint}>{t('editor.reorderHint')}</p> : null}
        </div>
        <SortableTracks
          items={items}
          notes={notes}
          onMove={move}
          onRemove={(product) => void remove(product)}
          onNoteSaved={(id, note) =>
            setNotes((current) => {
              const next = { ...current };
              if (note) next[id] = note;
              else delete next[id];
              return next;
            })
          }
        />
        <p className="visually-hidden" role="status" aria-live="polite">
          {announcement}
        </p>
      </section>
    </div>
  );
}
