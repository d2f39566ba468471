import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Globe, Lock } from 'lucide-react';
import {
  PLAYLIST_DESCRIPTION_MAX,
  PLAYLIST_NAME_MAX,
  type UserPlaylist,
  type UserPlaylistSummary,
} from '@cuewave/contract/playlists';
import { Button } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { TextField } from '../../components/ui/text-field';
import { useCatalogToast } from '../../components/ui/toast';
import { playlistsApi } from './api';
import { PLAYLIST_MESSAGES } from './messages';
import styles from './playlists.module.css';

type Props = { playlist: UserPlaylistSummary; onSaved: (playlist: UserPlaylist) => void };

/** Rename and describe a playlist; saved with "Playlist updated successfully!". */
export function PlaylistDetailsForm({ playlist, onSaved }: Props) {
  const { t } = useTranslation('playlists');
  const toast = useCatalogToast();
  const [name, setName] = useState(playlist.name);
  const [description, setDescription] = useState(playlist.description);
  const [nameError, setNameError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const descriptionId = useId();
  const changed = name.trim() !== playlist.name || description.trim() !== playlist.description;

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!name.trim()) {
      setNameError(t('details.nameMissing'));
      return;
    }
    setSaving(true);
    try {
      const next = await playlistsApi.update(playlist.id, { name: name.trim(), description: description.trim() });
      setName(next.name);
      setDescription(next.description);
      onSaved(next);
      toast.success(t(PLAYLIST_MESSAGES.updated));
    } catch {
      toast.error(t(PLAYLIST_MESSAGES.updateFailed));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className={styles.detailsForm} onSubmit={save} noValidate aria-label={t('details.label')}>
      <TextField
        label={t('details.name')}
        name="name"
        value={name}
        maxLength={PLAYLIST_NAME_MAX}
        autoComplete="off"
        onChange={(event) => {
          setName(event.target.value);
          setNameError(null);
        }}
        error={nameError}
        data-testid="playlist-name"
      />
      <div className={styles.field}>
        <label htmlFor={descriptionId} className={styles.fieldLabel}>
          {t('details.description')} <span className={styles.optional}>{t('details.optional')}</span>
        </label>
        <textarea
          id={descriptionId}
          className={styles.textarea}
          value={description}
          maxLength={PLAYLIST_DESCRIPTION_MAX}
          rows={3}
          placeholder={t('details.descriptionPlaceholder')}
          onChange={(event) => setDescription(event.target.value)}
          data-testid="playlist-description"
        />
      </div>
      <div>
        <Button type="submit" loading={saving} disabled={!changed && !saving} data-testid="playlist-save">
          {t('details.save')}
        </Button>
      </div>
    </form>
  );
}

/** Public or private, saved at once: "Your playlist is now public" / "… now private". */
export function VisibilitySwitch({ playlist, onSaved }: Props) {
  const { t } = useTranslation('playlists');
  const toast = useCatalogToast();
  const [isPublic, setPublic] = useState(playlist.public);
  const [saving, setSaving] = useState(false);
  const labelId = useId();
  const hintId = useId();

  async function toggle() {
    const next = !isPublic;
    setPublic(next);
    setSaving(true);
    try {
      const saved = await playlistsApi.update(playlist.id, { public: next });
      setPublic(saved.public);
      onSaved(saved);
      toast.success(t(saved.public ? PLAYLIST_MESSAGES.nowPublic : PLAYLIST_MESSAGES.nowPrivate));
    } catch {
      setPublic(!next);
      toast.error(t(PLAYLIST_MESSAGES.updateFailed));
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className={styles.visibility} data-testid="visibility">
      <span className={styles.visibilityIcon} aria-hidden="true">
        {isPublic ? <Globe /> : <Lock />}
      </span>
      <div className={styles.visibilityText}>
        <span id={labelId} className={styles.fieldLabel}>
          {t('visibility.label')}
        </span>
        <span id={hintId} className={styles.sectionHint}>
          {isPublic ? t('visibility.publicHint') : t('visibility.privateHint')}
        </span>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={isPublic}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        aria-busy={saving || undefined}
        disabled={saving}
        className={cx(styles.switch, isPublic && styles.switchOn)}
        onClick={() => void toggle()}
        data-testid="visibility-switch"
      >
        <span className={styles.switchThumb} aria-hidden="true" />
      </button>
    </div>
  );
}
