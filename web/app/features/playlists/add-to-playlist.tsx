import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Check, ListPlus, Plus } from 'lucide-react';
import { PLAYLIST_NAME_MAX } from '@cuewave/contract/playlists';
import { Button } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { Modal } from '../../components/ui/modal';
import { Spinner } from '../../components/ui/spinner';
import { TextField } from '../../components/ui/text-field';
import { usePlaylists } from './playlists-context';
import styles from './track-actions.module.css';

export type AddToPlaylistButtonProps = {
  productId: string;
  title: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
};

/**
 * "Add to playlist" (issue 12): a button opening a small dialog with the user's playlists and
 * "Create new playlist". A dialog rather than a floating menu, so it works the same in a crowded
 * track row, on the song page and as a bottom sheet on a phone. A visitor gets the sign-in modal.
 */
export function AddToPlaylistButton({ productId, title, size = 'md', className }: AddToPlaylistButtonProps) {
  const playlists = usePlaylists();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={cx(styles.iconAction, styles[size], className)}
        aria-label={`Add ${title} to a playlist`}
        title="Add to playlist"
        aria-haspopup="dialog"
        onClick={() => (playlists.signedIn ? setOpen(true) : playlists.requireSignIn('playlist'))}
        data-testid="add-to-playlist"
      >
        <ListPlus aria-hidden="true" />
      </button>
      {open ? <AddToPlaylistDialog productId={productId} title={title} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function AddToPlaylistDialog({ productId, title, onClose }: { productId: string; title: string; onClose: () => void }) {
  const playlists = usePlaylists();
  const [busy, setBusy] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const none = playlists.status === 'ready' && playlists.playlists.length === 0;

  // No playlists yet (known once they have loaded): the name field is the only thing to do.
  useEffect(() => {
    if (!none) return;
    setCreating(true);
    requestAnimationFrame(() => nameRef.current?.focus());
  }, [none]);

  async function add(id: string, playlistName: string) {
    setBusy(id);
    const ok = await playlists.addToPlaylist({ id, name: playlistName }, productId);
    setBusy(null);
    if (ok) onClose();
  }

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError('Give the playlist a name.');
      nameRef.current?.focus();
      return;
    }
    setBusy('new');
    const created = await playlists.createPlaylist(trimmed, productId);
    setBusy(null);
    if (created) onClose();
  }

  return (
    <Modal
      open
      onClose={onClose}
      size="sm"
      title="Add to playlist"
      description={title}
      initialFocus={creating ? nameRef : undefined}
      data-testid="add-to-playlist-dialog"
    >
      {playlists.status === 'loading' ? (
        <div className={styles.dialogState}>
          <Spinner label="Loading your playlists" />
        </div>
      ) : playlists.status === 'failed' ? (
        <div className={styles.dialogState} role="alert">
          <p>We couldn&apos;t load your playlists.</p>
          <Button variant="secondary" size="sm" onClick={() => void playlists.reload()}>
            Try again
          </Button>
        </div>
      ) : playlists.playlists.length ? (
        <ul role="list" className={styles.choices} aria-label="Your playlists">
          {playlists.playlists.map((playlist) => {
            const added = playlist.itemIds.includes(productId);
            return (
              <li key={playlist.id}>
                <button
                  type="button"
                  className={styles.choice}
                  disabled={added || busy !== null}
                  aria-busy={busy === playlist.id || undefined}
                  onClick={() => void add(playlist.id, playlist.name)}
                  data-testid="playlist-choice"
                >
                  <span className={styles.choiceName}>{playlist.name}</span>
                  <span className={styles.choiceMeta}>
                    {added ? (
                      <>
                        <Check aria-hidden="true" /> Added
                      </>
                    ) : busy === playlist.id ? (
                      <Spinner size="sm" label={null} />
                    ) : (
                      `${playlist.trackCount} ${playlist.trackCount === 1 ? 'track' : 'tracks'}`
                    )}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className={styles.dialogHint}>You have no playlists yet. Name your first one below.</p>
      )}

      {creating ? (
        <form className={styles.createForm} onSubmit={create} noValidate aria-label="Create new playlist">
          <TextField
            ref={nameRef}
            label="New playlist name"
            name="playlist-name"
            value={name}
            maxLength={PLAYLIST_NAME_MAX}
            autoComplete="off"
            onChange={(event) => {
              setName(event.target.value);
              setNameError(null);
            }}
            error={nameError}
          />
          <Button type="submit" loading={busy === 'new'} disabled={busy !== null && busy !== 'new'} fullWidth>
            Create and add
          </Button>
        </form>
      ) : (
        <Button
          variant="secondary"
          icon={<Plus />}
          fullWidth
          className={styles.createToggle}
          onClick={() => {
            setCreating(true);
            requestAnimationFrame(() => nameRef.current?.focus());
          }}
          data-testid="create-playlist-toggle"
        >
          Create new playlist
        </Button>
      )}
    </Modal>
  );
}
