import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Plus } from 'lucide-react';
import { PLAYLIST_NAME_MAX } from '@cuewave/contract/playlists';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { Spinner } from '../../components/ui/spinner';
import { TextField } from '../../components/ui/text-field';
import { usePlaylists } from './playlists-context';
import styles from './track-actions.module.css';

/** The dialog of "Add to playlist" (add-to-playlist.tsx): the user's playlists and "Create new playlist". */
export function AddToPlaylistDialog({
  productId,
  title,
  onClose,
}: {
  productId: string;
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('playlists');
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
      setNameError(t('add.nameMissing'));
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
      title={t('add.title')}
      description={title}
      initialFocus={creating ? nameRef : undefined}
      data-testid="add-to-playlist-dialog"
    >
      {playlists.status === 'loading' ? (
        <div className={styles.dialogState}>
          <Spinner label={t('add.loading')} />
        </div>
      ) : playlists.status === 'failed' ? (
        <div className={styles.dialogState} role="alert">
          <p>{t('add.loadFailed')}</p>
          <Button variant="secondary" size="sm" onClick={() => void playlists.reload()}>
            {t('tryAgain')}
          </Button>
        </div>
      ) : playlists.playlists.length ? (
        <ul role="list" className={styles.choices} aria-label={t('add.yourPlaylists')}>
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
                        <Check aria-hidden="true" /> {t('add.added')}
                      </>
                    ) : busy === playlist.id ? (
                      <Spinner size="sm" label={null} />
                    ) : (
                      t('tracks', { count: playlist.trackCount })
                    )}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className={styles.dialogHint}>{t('add.none')}</p>
      )}

      {creating ? (
        <form className={styles.createForm} onSubmit={create} noValidate aria-label={t('add.create')}>
          <TextField
            ref={nameRef}
            label={t('add.newName')}
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
            {t('add.createAndAdd')}
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
          {t('add.create')}
        </Button>
      )}
    </Modal>
  );
}
