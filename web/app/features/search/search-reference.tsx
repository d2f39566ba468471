import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AudioLines, FileAudio, Link2, Music, TriangleAlert, Upload, X } from 'lucide-react';
import type { ProductType } from '@cuewave/contract/catalog';
import {
  REFERENCE_URLS_MAX,
  SEARCH_REFERENCES_MAX,
  STREAMING_SERVICE_NAMES,
  type ReferenceItem,
} from '@cuewave/contract/reference';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api';
import { catalogApi } from '../catalog/api';
import { recallReference, referenceApi, rememberReference } from './reference-api';
import styles from './search-reference.module.css';

type Problem = { key: string; label: string; message: string };

/**
 * "Sounds like": paste links (one of our tracks, an audio file, a YouTube/Spotify/… page) or pick an
 * audio file, and the results are ranked by them (decision 067). Each usable reference is a removable
 * chip that says what it is; streaming links say that their audio is not analysed; unusable ones say why.
 * The references themselves live in the search state (URL key searchReference).
 */
export function SearchReference({
  references,
  type,
  onChange,
}: {
  references: string[];
  type: ProductType;
  onChange: (references: string[]) => void;
}) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState<null | 'links' | 'file'>(null);
  const [problems, setProblems] = useState<Problem[]>([]);
  const inputRef = useRef<HTMLInputElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const { t } = useTranslation('search');
  const expanded = open || references.length > 0 || problems.length > 0;
  const full = references.length >= SEARCH_REFERENCES_MAX;

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  function accept(items: ReferenceItem[]) {
    const added: string[] = [];
    const failed: Problem[] = [];
    for (const item of items) {
      if (item.usable && item.reference) {
        rememberReference(item);
        added.push(item.reference);
      } else {
        failed.push({
          key: `${item.url}\u0000${Math.random()}`,
          label: item.url || t('reference.link'),
          // The API's message is English; its code says the same in the page's language.
          message: item.reason ? t(`reference.reason.${item.reason.code}`) : t('reference.unusable'),
        });
      }
    }
    const next = [...new Set([...references, ...added])];
    if (next.length > SEARCH_REFERENCES_MAX) {
      failed.push({
        key: `limit${Math.random()}`,
        label: t('reference.tooManyReferences'),
        message: t('reference.tooManyReferencesMessage', { max: SEARCH_REFERENCES_MAX }),
      });
    }
    setProblems(failed);
    if (added.length) onChange(next.slice(0, SEARCH_REFERENCES_MAX));
  }

  function fail(label: string, error: unknown) {
    // The API's error text is English: the page says what happened in its own language.
    const message = !(error instanceof ApiError)
      ? t('reference.offline')
      : error.status === 413
        ? t('reference.reason.too-large')
        : error.status === 415
          ? t('reference.reason.not-audio')
          : error.status === 429
            ? t('reference.reason.rate-limited')
            : error.status === 503
              ? t('reference.reason.busy')
              : t('reference.requestFailed');
    setProblems([{ key: `${label}${Math.random()}`, label, message }]);
  }

  async function submitLinks(event: FormEvent) {
    event.preventDefault();
    const urls = text
      .split(/\s+/)
      .map((u) => u.trim())
      .filter(Boolean);
    if (!urls.length) {
      inputRef.current?.focus();
      return;
    }
    if (urls.length > REFERENCE_URLS_MAX) {
      setProblems([
        {
          key: 'many',
          label: t('reference.tooManyLinks'),
          message: t('reference.tooManyLinksMessage', { max: REFERENCE_URLS_MAX }),
        },
      ]);
      return;
    }
    setBusy('links');
    try {
      const { items } = await referenceApi.describe(urls, type);
      accept(items);
      if (items.some((i) => i.usable)) setText('');
    } catch (error) {
      fail(urls.length === 1 ? urls[0]! : t('reference.links'), error);
    } finally {
      setBusy(null);
    }
  }

  async function uploadFile(file: File) {
    setBusy('file');
    try {
      accept([await referenceApi.upload(file)]);
    } catch (error) {
      fail(file.name, error);
    } finally {
      setBusy(null);
      if (fileRef.current) fileRef.current.value = '';
    }
  }

  if (!expanded) {
    return (
      <div className={styles.bar}>
        <button
          type="button"
          className={styles.opener}
          onClick={() => setOpen(true)}
          aria-expanded={false}
          data-testid="reference-open"
        >
          <AudioLines aria-hidden="true" />
          <span>
            {t('reference.opener')} <span className={styles.openerHint}>{t('reference.openerHint')}</span>
          </span>
        </button>
      </div>
    );
  }

  return (
    <section className={styles.panel} aria-label={t('reference.panel')} data-testid="reference-panel">
      <form className={styles.form} onSubmit={submitLinks}>
        <label htmlFor={inputId} className={styles.label}>
          <AudioLines aria-hidden="true" />
          {t('reference.label')}
        </label>
        <div className={styles.field}>
          <Link2 aria-hidden="true" className={styles.fieldIcon} />
          <input
            ref={inputRef}
            id={inputId}
            type="text"
            inputMode="url"
            className={styles.input}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            placeholder={t('reference.placeholder')}
            autoComplete="off"
            spellCheck={false}
            disabled={full}
            aria-describedby={`${inputId}-hint`}
            data-testid="reference-input"
          />
        </div>
        <div className={styles.actions}>
          <Button
            type="submit"
            size="sm"
            variant="secondary"
            loading={busy === 'links'}
            disabled={!!busy || full}
            data-testid="reference-add"
          >
            {t('reference.add')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            icon={<Upload />}
            loading={busy === 'file'}
            disabled={!!busy || full}
            onClick={() => fileRef.current?.click()}
            data-testid="reference-upload"
          >
            {t('reference.audioFile')}
          </Button>
          <input
            ref={fileRef}
            type="file"
            accept="audio/*,.mp3,.wav,.flac,.ogg,.oga,.opus,.m4a,.aac,.aif,.aiff"
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              if (file) void uploadFile(file);
            }}
            data-testid="reference-file"
          />
          {!references.length && !problems.length ? (
            <button
              type="button"
              className={styles.dismiss}
              onClick={() => setOpen(false)}
              aria-label={t('reference.close')}
            >
              <X aria-hidden="true" />
            </button>
          ) : null}
        </div>
      </form>
      <p id={`${inputId}-hint`} className={styles.hint}>
        {full ? t('reference.full', { max: SEARCH_REFERENCES_MAX }) : t('reference.hint')}
      </p>
      {busy === 'file' ? (
        <p className={styles.hint} role="status">
          <Spinner size="sm" label={null} /> {t('reference.analysing')}
        </p>
      ) : null}
      <ul className={styles.chips} aria-live="polite" data-testid="reference-chips">
        {references.map((reference) => (
          <ReferenceChip
            key={reference}
            reference={reference}
            soundRanks={references.some((r) => recallReference(r).kind !== 'streaming')}
            onRemove={() => onChange(references.filter((r) => r !== reference))}
          />
        ))}
        {problems.map((problem) => (
          <li key={problem.key} className={`${styles.chip} ${styles.problem}`} data-testid="reference-problem">
            <TriangleAlert aria-hidden="true" className={styles.chipIcon} />
            <span className={styles.chipText}>
              <span className={styles.chipTitle} title={problem.label}>
                {problem.label}
              </span>
              <span className={styles.chipNote}>{problem.message}</span>
            </span>
            <button
              type="button"
              className={styles.remove}
              onClick={() => setProblems((list) => list.filter((p) => p.key !== problem.key))}
              aria-label={t('reference.dismiss', { message: problem.message })}
            >
              <X aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ReferenceChip({
  reference,
  soundRanks,
  onRemove,
}: {
  reference: string;
  /** A sound reference is present: it ranks the results, and words (a streaming page's) are not used. */
  soundRanks: boolean;
  onRemove: () => void;
}) {
  const known = recallReference(reference);
  const { t } = useTranslation('search');
  const [title, setTitle] = useState(known.title);
  const [artist, setArtist] = useState(known.artist);

  // Our own track named only by id (a shared search): its title from the catalogue.
  useEffect(() => {
    if (known.title || known.kind !== 'product') return;
    let live = true;
    catalogApi.song(reference.slice('product:'.length)).then(
      (product) => {
        if (!live) return;
        setTitle(product.title);
        setArtist(product.artist.name);
      },
      () => {
        if (live) setTitle(t('reference.ourTrackUnknown'));
      },
    );
    return () => {
      live = false;
    };
  }, [reference, known.title, known.kind, t]);

  const icon =
    known.kind === 'product' ? (
      <Music aria-hidden="true" className={styles.chipIcon} />
    ) : known.kind === 'streaming' ? (
      <Link2 aria-hidden="true" className={styles.chipIcon} />
    ) : (
      <FileAudio aria-hidden="true" className={styles.chipIcon} />
    );
  const what =
    known.kind === 'product'
      ? t('reference.ourTrack')
      : known.kind === 'streaming'
        ? t(soundRanks ? 'reference.streamingRanked' : 'reference.streamingWords', {
            service: known.service ? STREAMING_SERVICE_NAMES[known.service] : t('reference.streaming'),
          })
        : t('reference.audio');
  const name = title ?? t('reference.loading');
  return (
    <li className={styles.chip} data-testid="reference-chip" data-kind={known.kind}>
      {icon}
      <span className={styles.chipText}>
        <span className={styles.chipTitle} title={artist ? `${name} — ${artist}` : name}>
          {name}
          {artist ? <span className={styles.chipArtist}> · {artist}</span> : null}
        </span>
        <span className={styles.chipNote} data-testid="reference-note">
          {what}
        </span>
      </span>
      <button type="button" className={styles.remove} onClick={onRemove} aria-label={t('reference.remove', { name })}>
        <X aria-hidden="true" />
      </button>
    </li>
  );
}
