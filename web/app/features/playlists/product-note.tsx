import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NotebookPen, Pencil } from 'lucide-react';
import { NOTE_MAX } from '@cuewave/contract/playlists';
import { Button } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { playlistsApi } from './api';
import { usePlaylists } from './playlists-context';
import styles from './product-note.module.css';

export type ProductNoteProps = {
  productId: string;
  title: string;
  /** The note when the page already has it (a playlist's notes); otherwise it is fetched. */
  note?: string | null;
  onSaved?: (note: string | null) => void;
  /** Smaller, for a row in a list. */
  compact?: boolean;
  className?: string;
};

/**
 * The signed-in user's private note on a product (issue 12): shown where the user sees the product,
 * with an editor. Saving an empty note deletes it. Visitors see nothing.
 */
export function ProductNote({ productId, title, note: given, onSaved, compact, className }: ProductNoteProps) {
  const { t } = useTranslation('playlists');
  // A page that hands over the note (the owner's playlist) knows the viewer is signed in.
  const signedIn = usePlaylists().signedIn || given !== undefined;
  const [note, setNote] = useState<string | null>(given ?? null);
  const [loaded, setLoaded] = useState(given !== undefined);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<{ kind: 'saved' | 'error'; text: string } | null>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const fieldId = useId();

  useEffect(() => {
    if (given !== undefined) {
      setNote(given);
      setLoaded(true);
    }
  }, [given]);

  useEffect(() => {
    if (!signedIn || given !== undefined) return;
    let live = true;
    playlistsApi.productNotes([productId]).then(
      ({ notes }) => {
        if (!live) return;
        setNote(notes[productId] ?? null);
        setLoaded(true);
      },
      () => live && setLoaded(true),
    );
    return () => {
      live = false;
    };
  }, [signedIn, productId, given]);

  useEffect(() => {
    if (editing) textRef.current?.focus();
  }, [editing]);

  if (!signedIn || !loaded) return null;

  const open = () => {
    setDraft(note ?? '');
    setStatus(null);
    setEditing(true);
  };
  const close = () => {
    setEditing(false);
    requestAnimationFrame(() => editRef.current?.focus());
  };

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    try {
      const saved = await playlistsApi.setProductNote(productId, draft.trim());
      setNote(saved.note);
      onSaved?.(saved.note);
      setStatus({ kind: 'saved', text: saved.note ? t('note.saved') : t('note.deleted') });
      close();
    } catch {
      setStatus({ kind: 'error', text: t('note.failed') });
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className={cx(styles.root, compact && styles.compact, className)} data-testid="product-note">
      {editing ? (
        <form onSubmit={save} className={styles.form}>
          <label htmlFor={fieldId} className={styles.label}>
            {t('note.label', { title })}
          </label>
          <textarea
            ref={textRef}
            id={fieldId}
            className={styles.textarea}
            value={draft}
            maxLength={NOTE_MAX}
            rows={compact ? 2 : 3}
            placeholder={t('note.placeholder')}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.stopPropagation();
                close();
              }
            }}
            data-testid="product-note-input"
          />
          <div className={styles.formActions}>
            <span className={styles.count} aria-hidden="true">
              {draft.length}/{NOTE_MAX}
            </span>
            <Button variant="ghost" size="sm" onClick={close} disabled={saving}>
              {t('cancel')}
            </Button>
            <Button type="submit" size="sm" loading={saving} data-testid="product-note-save">
              {t('note.save')}
            </Button>
          </div>
        </form>
      ) : note ? (
        <div className={styles.shown}>
          <NotebookPen aria-hidden="true" className={styles.icon} />
          <p className={styles.text}>
            <span className="visually-hidden">{t('note.yours')} </span>
            <span data-testid="product-note-text">{note}</span>
          </p>
          <button
            ref={editRef}
            type="button"
            className={styles.edit}
            onClick={open}
            aria-label={t('note.editLabel', { title })}
            data-testid="product-note-edit"
          >
            <Pencil aria-hidden="true" />
            <span aria-hidden="true">{t('note.edit')}</span>
          </button>
        </div>
      ) : (
        <button
          ref={editRef}
          type="button"
          className={styles.add}
          onClick={open}
          aria-label={t('note.addLabel', { title })}
          data-testid="product-note-edit"
        >
          <NotebookPen aria-hidden="true" />
          <span aria-hidden="true">{t('note.add')}</span>
        </button>
      )}
      <p className={cx(styles.status, status?.kind === 'error' && styles.error)} role="status" aria-live="polite">
        {status?.text}
      </p>
    </div>
  );
}
