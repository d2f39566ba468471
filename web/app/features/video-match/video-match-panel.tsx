import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { AlertTriangle, ArrowLeft, Clapperboard, RotateCcw, Upload, X } from 'lucide-react';
import {
  VIDEO_ACCEPT,
  VIDEO_MAX_BYTES,
  VIDEO_MAX_SECONDS,
  type VideoMatchItem,
  type VideoMatchJob,
  type VideoMatchProgress,
  type VideoMatchStatus,
} from '@cuewave/contract/video-match';
import { Button } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { EmptyState } from '../../components/ui/empty-state';
import { ApiError } from '../../lib/api';
import { TrackRow } from '../catalog/components/track-row';
import { formatDuration } from '../../lib/format';
import { useFormat } from '../../i18n/format';
import { fitReasonText, targetReasonText } from './reason-texts';
import { followAnalysis, uploadVideo, videoMatchApi } from './video-match-api';
import styles from './video-match-panel.module.css';

type Stage =
  | { kind: 'idle' }
  | { kind: 'uploading'; file: File; share: number }
  | { kind: 'analysing'; file: File; job: VideoMatchJob; progress: VideoMatchProgress | null }
  | { kind: 'done'; file: File; status: VideoMatchStatus }
  | { kind: 'failed'; title: string; message: string };

type T = TFunction<'video-match'>;

const MB = 1024 * 1024;
const sizeText = (bytes: number, number: (value: number) => string) =>
  bytes >= MB
    ? `${number(Math.round((bytes / MB) * 10) / 10)} MB`
    : `${number(Math.max(1, Math.round(bytes / 1024)))} KB`;

/**
 * What went wrong, in the page's language. The API's messages are English prose; their status and
 * error code say the same, so each maps to its own text here (`failure.*` in the `video-match` texts).
 */
function failureOf(error: unknown, t: T): { title: string; message: string } {
  if (error instanceof ApiError) {
    const code = error.body.error;
    if (error.status === 429) return { title: t('failure.busyTitle'), message: t('failure.busy') };
    if (error.status === 413) {
      return { title: t('failure.tooLargeTitle'), message: t('failure.tooLarge', { mb: VIDEO_MAX_BYTES / MB }) };
    }
    if (error.status === 415 || code.startsWith('VIDEO_')) {
      const message =
        code === 'VIDEO_TOO_LONG'
          ? t('failure.tooLong', { minutes: VIDEO_MAX_SECONDS / 60 })
          : code === 'VIDEO_NO_FRAMES'
            ? t('failure.noFrames')
            : code === 'VIDEO_UNREADABLE'
              ? t('failure.unreadable')
              : code === 'VIDEO_ANALYSIS_FAILED'
                ? t('failure.analysis')
                : t('failure.notAVideo');
      return { title: t('failure.unusableTitle'), message };
    }
    const message =
      code === 'CANCELLED'
        ? t('failure.cancelled')
        : code === 'UPLOAD_FAILED'
          ? t('failure.upload')
          : t('failure.analysis');
    return { title: t('failure.analysisTitle'), message };
  }
  return { title: t('failure.unknownTitle'), message: t('failure.analysis') };
}

/**
 * AI video match (issue 14): drop or choose a video, watch it upload and be analysed (server-sent
 * events), then get music ranked for its pace, light and length, each track with its reasons and its
 * length drawn against the video's. Opened from the engine picker's "Video match".
 */
export function VideoMatchPanel({ onClose }: { onClose: () => void }) {
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [dragging, setDragging] = useState(false);
  const { t } = useTranslation('video-match');
  const inputRef = useRef<HTMLInputElement>(null);
  const live = useRef<{ abortUpload?: () => void; stream?: AbortController; jobId?: string }>({});

  // Leaving the panel stops the upload and the progress stream (the analysis itself is cancelled too).
  useEffect(
    () => () => {
      const current = live.current;
      current.abortUpload?.();
      if (current.stream && current.jobId) void videoMatchApi.cancel(current.jobId).catch(() => {});
      current.stream?.abort();
    },
    [],
  );

  async function start(file: File) {
    if (file.size > VIDEO_MAX_BYTES) {
      setStage({
        kind: 'failed',
        title: t('failure.tooLargeTitle'),
        message: t('failure.tooLargeLocal', { mb: VIDEO_MAX_BYTES / MB }),
      });
      return;
    }
    setStage({ kind: 'uploading', file, share: 0 });
    const upload = uploadVideo(file, (share) => setStage((s) => (s.kind === 'uploading' ? { ...s, share } : s)));
    live.current.abortUpload = upload.abort;
    let job: VideoMatchJob;
    try {
      job = await upload.promise;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return setStage({ kind: 'idle' });
      return setStage({ kind: 'failed', ...failureOf(error, t) });
    } finally {
      live.current.abortUpload = undefined;
    }
    live.current.jobId = job.jobId;
    setStage({ kind: 'analysing', file, job, progress: null });
    const stream = new AbortController();
    live.current.stream = stream;
    try {
      // A stream that ends before the analysis did (its server is stopping) is followed again.
      for (let attempt = 0; attempt < 20; attempt++) {
        for await (const event of followAnalysis(job.jobId, stream.signal)) {
          if (event.kind === 'failed') {
            return setStage({ kind: 'failed', ...failureOf(new ApiError(400, event.error), t) });
          }
          setStage((s) => (s.kind === 'analysing' ? { ...s, progress: event.progress } : s));
        }
        const status = await videoMatchApi.status(job.jobId, stream.signal);
        if (status.failure) return setStage({ kind: 'failed', ...failureOf(new ApiError(400, status.failure), t) });
        if (status.progress.status === 'done') return setStage({ kind: 'done', file, status });
      }
      setStage({ kind: 'failed', ...failureOf(null, t) });
    } catch (error) {
      if (stream.signal.aborted) return;
      setStage({ kind: 'failed', ...failureOf(error, t) });
    } finally {
      live.current.stream = undefined;
    }
  }

  async function cancel() {
    const current = live.current;
    current.abortUpload?.();
    current.stream?.abort();
    if (stage.kind === 'analysing') await videoMatchApi.cancel(stage.job.jobId).catch(() => {});
    setStage({ kind: 'idle' });
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void start(file);
  }

  return (
    <section className={styles.panel} aria-labelledby="video-match-title" data-testid="video-match">
      <div className={styles.head}>
        <h2 id="video-match-title" className={styles.title}>
          <Clapperboard aria-hidden="true" /> {t('title')}
        </h2>
        <Button variant="ghost" size="sm" icon={<ArrowLeft />} onClick={onClose} data-testid="video-match-close">
          {t('back')}
        </Button>
      </div>

      <input
        ref={inputRef}
        type="file"
        accept={VIDEO_ACCEPT}
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) void start(file);
        }}
        data-testid="video-match-input"
      />

      {stage.kind === 'idle' ? (
        <div
          className={cx(styles.drop, dragging && styles.dragging)}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="video-match-drop"
        >
          <Upload aria-hidden="true" className={styles.dropIcon} />
          <p className={styles.dropTitle}>{t('drop.title')}</p>
          <p className={styles.dropText}>{t('drop.text')}</p>
          <Button icon={<Clapperboard />} onClick={() => inputRef.current?.click()} data-testid="video-match-choose">
            {t('drop.choose')}
          </Button>
          <p className={styles.hint}>{t('drop.hint', { mb: VIDEO_MAX_BYTES / MB, minutes: VIDEO_MAX_SECONDS / 60 })}</p>
        </div>
      ) : null}

      {stage.kind === 'uploading' || stage.kind === 'analysing' ? (
        <Progress stage={stage} onCancel={() => void cancel()} />
      ) : null}

      {stage.kind === 'failed' ? (
        <div data-testid="video-match-error">
          <EmptyState
            role="alert"
            compact
            icon={<AlertTriangle />}
            title={stage.title}
            description={stage.message}
            actions={
              <Button icon={<RotateCcw />} onClick={() => setStage({ kind: 'idle' })} data-testid="video-match-retry">
                {t('tryAnother')}
              </Button>
            }
            className={styles.failure}
          />
        </div>
      ) : null}

      {stage.kind === 'done' ? (
        <Results file={stage.file} status={stage.status} onAgain={() => setStage({ kind: 'idle' })} />
      ) : null}
    </section>
  );
}

function Progress({
  stage,
  onCancel,
}: {
  stage: Extract<Stage, { kind: 'uploading' | 'analysing' }>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('video-match');
  const { number } = useFormat();
  const uploading = stage.kind === 'uploading';
  const percent = uploading ? Math.round(stage.share * 100) : (stage.progress?.percent ?? 0);
  const text = uploading
    ? t('progress.uploading', { size: sizeText(stage.file.size, number), percent })
    : t(`progress.phase.${stage.progress?.phase ?? 'queued'}`);
  return (
    <div className={styles.progressCard} data-testid="video-match-progress" data-stage={stage.kind}>
      <div className={styles.progressHead}>
        <span className={styles.fileName} title={stage.file.name}>
          {stage.file.name}
        </span>
        <Button variant="ghost" size="sm" icon={<X />} onClick={onCancel} data-testid="video-match-cancel">
          {t('progress.cancel')}
        </Button>
      </div>
      <p className={styles.progressText} role="status" aria-live="polite">
        {t(uploading ? 'progress.step1' : 'progress.step2')} · {text}
      </p>
      <div
        className={styles.track}
        role="progressbar"
        aria-label={uploading ? t('progress.uploadLabel') : t('progress.analysisLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className={styles.bar} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

function Results({ file, status, onAgain }: { file: File; status: VideoMatchStatus; onAgain: () => void }) {
  const { target, measures, items } = status;
  const { t } = useTranslation('video-match');
  const { number } = useFormat();
  if (!target || !measures) return null;
  const products = items.map((i) => i.product);
  return (
    <div className={styles.results}>
      <div className={styles.summary} data-testid="video-match-summary" data-energy={target.energyClass}>
        <div className={styles.summaryHead}>
          <div>
            <p className={styles.summaryTitle}>
              <span className={styles.fileName} title={file.name}>
                {file.name}
              </span>
            </p>
            <p className={styles.summaryFacts}>
              {formatDuration(measures.durationSec)} · {t(`energy.${target.energyClass}`)} ·{' '}
              {t('bpmRange', { from: target.bpm.from, to: target.bpm.to })}
            </p>
          </div>
          <Button variant="secondary" size="sm" icon={<Upload />} onClick={onAgain} data-testid="video-match-again">
            {t('again')}
          </Button>
        </div>
        <ul className={styles.reasons} aria-label={t('reasonsLabel')}>
          {target.reasons.map((reason) => (
            <li key={reason.kind} className={styles.reason} data-testid="video-match-reason" data-kind={reason.kind}>
              {targetReasonText(reason, t, number)}
            </li>
          ))}
        </ul>
      </div>
      {items.length === 0 ? (
        <EmptyState compact title={t('noneTitle')} description={t('noneDescription')} />
      ) : (
        <ul role="list" aria-label={t('resultsLabel')} className={styles.rows} data-testid="video-match-results">
          {items.map((item, index) => (
            <TrackRow
              key={item.product.id}
              product={item.product}
              queue={products}
              index={index}
              priority={index < 4}
              detail={<TrackFit item={item} videoSec={measures.durationSec} />}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

/** Why the track fits, and its length drawn against the video's (the marker is where the video ends). */
function TrackFit({ item, videoSec }: { item: VideoMatchItem; videoSec: number }) {
  const { t } = useTranslation('video-match');
  const trackSec = item.product.duration;
  const share = Math.min(100, (videoSec / Math.max(trackSec, 1)) * 100);
  // The length is drawn below, so its reason is not repeated in words.
  const reasons = item.reasons.filter((r) => r.kind !== 'length').map((r) => fitReasonText(r, t));
  return (
    <span className={styles.fit} data-testid="video-match-fit">
      {reasons.length ? (
        <span className={styles.fitReasons} title={reasons.join(' · ')}>
          {reasons.join(' · ')}
        </span>
      ) : null}
      <span
        className={styles.length}
        role="img"
        aria-label={t('fit.label', { video: formatDuration(videoSec), track: formatDuration(trackSec) })}
        title={t('fit.title', { video: formatDuration(videoSec), track: formatDuration(trackSec) })}
      >
        <span className={styles.lengthTrack}>
          <span className={styles.lengthVideo} style={{ width: `${share}%` }} />
        </span>
        <span className={styles.lengthText}>
          {t('fit.text', { video: formatDuration(videoSec), track: formatDuration(trackSec) })}
        </span>
      </span>
    </span>
  );
}
