import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Globe, Heart, ListMusic, Lock, Plus, Trash2 } from 'lucide-react';
import { PLAYLIST_NAME_MAX, type UserPlaylistSummary } from '@cuewave/contract/playlists';
import { Button, IconButton } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Modal } from '../../components/ui/modal';
import { TextField } from '../../components/ui/text-field';
import { useCatalogToast } from '../../components/ui/toast';
import { formatDate } from '../../lib/format';
import { playlistsApi } from './api';
import { PLAYLIST_MESSAGES } from './messages';
import { playlistPaths } from './paths';
import { usePlaylists } from './playlists-context';
import styles from './playlists.module.css';

const tracks = (n: number) => `${n} ${n === 1 ? 'track' : 'tracks'}`;

/**
 * /dashboard/playlists: the user's playlists with their counts (Favorites first), a form to create
 * one, and delete with a confirmation. Changes are told to the shared playlists state so the
 * "add to playlist" menus list them at once.
 */
export function PlaylistList({ initial, failed }: { initial: UserPlaylistSummary[]; failed: boolean }) {
  const toast = useCatalogToast();
  const shared = usePlaylists();
  const [list, setList] = useState(initial);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [confirm, setConfirm] = useState<UserPlaylistSummary | null>(null);
  const [deleting, setDeleting] = useState(false);

  const favorites = list.find((p) => p.favorites);
  const own = list.filter((p) => !p.favorites);

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError('Give the playlist a name.');
      return;
    }
    setCreating(true);
    try {
      const { items: _items, notes: _notes, ...summary } = await playlistsApi.create({ name: trimmed });
      setList((current) => [summary, ...current]);
      shared.remember(summary);
      setName('');
      toast.success(PLAYLIST_MESSAGES.created);
    } catch {
      toast.error(PLAYLIST_MESSAGES.createFailed);
    } finally {
      setCreating(false);
    }
  }

  async function remove(playlist: UserPlaylistSummary) {
    setDeleting(true);
    try {
      await playlistsApi.remove(playlist.id);
      setList((current) => current.filter((p) => p.id !== playlist.id));
      shared.forget(playlist.id);
      toast.success(PLAYLIST_MESSAGES.deleted);
      setConfirm(null);
    } catch {
      toast.error(PLAYLIST_MESSAGES.deleteFailed);
    } finally {
      setDeleting(false);
    }
  }

  return (
    <div className={styles.page}>
      <header className={styles.pageHeader}>
        <h1 className={styles.pageTitle}>Playlists</h1>
        <p className={styles.pageLead}>
          Collect tracks per project, keep private notes on them and share a public link with your client.
        </p>
      </header>

      <form className={styles.createRow} onSubmit={create} noValidate aria-label="Create a playlist">
        <TextField
          label="New playlist"
          name="name"
          placeholder="e.g. Summer campaign 2027"
          value={name}
          maxLength={PLAYLIST_NAME_MAX}
          autoComplete="off"
          onChange={(event) => {
            setName(event.target.value);
            setNameError(null);
          }}
          error={nameError}
          className={styles.createField}
          data-testid="new-playlist-name"
        />
        <Button type="submit" icon={<Plus />} loading={creating} className={styles.createButton}>
          Create playlist
        </Button>
      </form>

      {failed ? (
        <EmptyState
          role="alert"
          icon={<ListMusic />}
          title="We couldn't load your playlists"
          description="Please refresh the page in a moment."
          compact
        />
      ) : (
        <ul role="list" className={styles.cards} aria-label="Your playlists" data-testid="playlist-list">
          {/* Favourites always lead, even before the first heart (the server makes the playlist then). */}
          <li>
            <Link to={playlistPaths.favorites()} className={styles.card} data-testid="playlist-card-favorites">
              <span className={styles.cardIcon} data-kind="favorites" aria-hidden="true">
                <Heart fill="currentColor" />
              </span>
              <span className={styles.cardText}>
                <span className={styles.cardName}>Favourites</span>
                <span className={styles.cardMeta}>{tracks(favorites?.trackCount ?? 0)} · only you</span>
              </span>
            </Link>
          </li>
          {own.map((playlist) => (
            <li key={playlist.id} className={styles.cardItem}>
              <Link to={playlistPaths.edit(playlist.id)} className={styles.card} data-testid="playlist-card">
                <span className={styles.cardIcon} aria-hidden="true">
                  <ListMusic />
                </span>
                <span className={styles.cardText}>
                  <span className={styles.cardName}>{playlist.name}</span>
                  <span className={styles.cardMeta}>
                    {tracks(playlist.trackCount)} · updated {formatDate(playlist.updateTS || playlist.createTS)}
                  </span>
                </span>
                <span className={styles.badge} data-public={playlist.public || undefined}>
                  {playlist.public ? <Globe aria-hidden="true" /> : <Lock aria-hidden="true" />}
                  {playlist.public ? 'Public' : 'Private'}
                </span>
              </Link>
              <IconButton
                aria-label={`Delete ${playlist.name}`}
                icon={<Trash2 />}
                size="sm"
                className={styles.cardDelete}
                onClick={() => setConfirm(playlist)}
                data-testid="playlist-delete"
              />
            </li>
          ))}
        </ul>
      )}

      {!failed && own.length === 0 ? (
        <EmptyState
          icon={<ListMusic />}
          title="No playlists yet"
          description="Name one above, or use “Add to playlist” on any track in the catalogue."
          headingLevel={2}
          role="status"
          compact
        />
      ) : null}

      <Modal
        open={confirm !== null}
        onClose={() => (deleting ? undefined : setConfirm(null))}
        size="sm"
        title="Delete this playlist?"
        description={
          confirm ? `“${confirm.name}” and its order will be gone. The tracks stay in the catalogue.` : undefined
        }
        data-testid="delete-playlist-dialog"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirm(null)} disabled={deleting}>
              Keep it
            </Button>
            <Button variant="danger" loading={deleting} onClick={() => confirm && void remove(confirm)}>
              Delete playlist
            </Button>
          </>
        }
      />
    </div>
  );
}
