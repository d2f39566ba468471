import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Globe, Heart, ListMusic, Lock, Plus, Trash2 } from 'lucide-react';
import { PLAYLIST_NAME_MAX, type UserPlaylistSummary } from '@cuewave/contract/playlists';
import { Button, IconButton } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Modal } from '../../components/ui/modal';
import { TextField } from '../../components/ui/text-field';
import { useCatalogToast } from '../../components/ui/toast';
import { useFormat } from '../../i18n/format';
import { playlistsApi } from './api';
import { PLAYLIST_MESSAGES } from './messages';
import { playlistPaths } from './paths';
import { usePlaylists } from './playlists-context';
import styles from './playlists.module.css';

/**
 * /dashboard/playlists: the user's playlists with their counts (Favorites first), a form to create
 * one, and delete with a confirmation. Changes are told to the shared playlists state so the
 * "add to playlist" menus list them at once.
 */
export function PlaylistList({ initial, failed }: { initial: UserPlaylistSummary[]; failed: boolean }) {
  const { t } = useTranslation('playlists');
  const format = useFormat();
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
      setNameError(t('add.nameMissing'));
      return;
    }
    setCreating(true);
    try {
      const { items: _items, notes: _notes, ...summary } = await playlistsApi.create({ name: trimmed });
      setList((current) => [summary, ...current]);
      shared.remember(summary);
      setName('');
      toast.success(t(PLAYLIST_MESSAGES.created));
    } catch {
      toast.error(t(PLAYLIST_MESSAGES.createFailed));
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
      toast.success(t(PLAYLIST_MESSAGES.deleted));
      setConfirm(null);
    } catch {
      toast.error(t(PLAYLIST_MESSAGES.deleteFailed));
    } finally {
      setDeleting(false);
    }
  }

  return (
    <div className={styles.page}>
      <header className={styles.pageHeader}>
        <h1 className={styles.pageTitle}>{t('list.title')}</h1>
        <p className={styles.pageLead}>{t('list.lead')}</p>
      </header>

      <form className={styles.createRow} onSubmit={create} noValidate aria-label={t('list.createLabel')}>
        <TextField
          label={t('list.newName')}
          name="name"
          placeholder={t('list.namePlaceholder')}
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
          {t('list.create')}
        </Button>
      </form>

      {failed ? (
        <EmptyState
          role="alert"
          icon={<ListMusic />}
          title={t('add.loadFailed')}
          description={t('list.refresh')}
          compact
        />
      ) : (
        <ul role="list" className={styles.cards} aria-label={t('add.yourPlaylists')} data-testid="playlist-list">
          {/* Favourites always lead, even before the first heart (the server makes the playlist then). */}
          <li>
            <Link to={playlistPaths.favorites()} className={styles.card} data-testid="playlist-card-favorites">
              <span className={styles.cardIcon} data-kind="favorites" aria-hidden="true">
                <Heart fill="currentColor" />
              </span>
              <span className={styles.cardText}>
                <span className={styles.cardName}>{t('favourites')}</span>
                <span className={styles.cardMeta}>
                  {t('tracks', { count: favorites?.trackCount ?? 0 })} · {t('list.onlyYou')}
                </span>
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
                    {t('tracks', { count: playlist.trackCount })} ·{' '}
                    {t('list.updated', { date: format.date(playlist.updateTS || playlist.createTS) })}
                  </span>
                </span>
                <span className={styles.badge} data-public={playlist.public || undefined}>
                  {playlist.public ? <Globe aria-hidden="true" /> : <Lock aria-hidden="true" />}
                  {playlist.public ? t('list.public') : t('list.private')}
                </span>
              </Link>
              <IconButton
                aria-label={t('list.deleteLabel', { name: playlist.name })}
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
          title={t('list.emptyTitle')}
          description={t('list.emptyText')}
          headingLevel={2}
          role="status"
          compact
        />
      ) : null}

      <Modal
        open={confirm !== null}
        onClose={() => (deleting ? undefined : setConfirm(null))}
        size="sm"
        title={t('list.confirmTitle')}
        description={confirm ? t('list.confirmText', { name: confirm.name }) : undefined}
        data-testid="delete-playlist-dialog"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirm(null)} disabled={deleting}>
              {t('list.keep')}
            </Button>
            <Button variant="danger" loading={deleting} onClick={() => confirm && void remove(confirm)}>
              {t('list.delete')}
            </Button>
          </>
        }
      />
    </div>
  );
}
