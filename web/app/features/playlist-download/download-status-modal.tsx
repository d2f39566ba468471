import { useEffect, useId, useRef } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { AlertCircle, CheckCircle2, Download, RotateCcw, X } from 'lucide-react';
import { archiveFileName } from '@cuewave/contract/archives';
import { Button, IconButton } from '../../components/ui/button';
import { useToast } from '../../components/ui/toast';
import { closePlaylistDownload, isActive, retryPlaylistDownload, type PlaylistDownloadState } from './download-store';
import { downloadErrorMessage } from './messages';
import { usePlaylistDownload } from './use-playlist-download';
import styles from './download-status-modal.module.css';

/**
 * The root shell's download status modal (spec §2, first in the shell; §4): shown while a playlist
 * download is active, wherever the user goes meanwhile. It does not block the page (people keep
 * browsing while the zip is prepared); closing it stops the download. Failures go to the shared
 * error handler (a toast) and leave the modal on the failure status until it is closed.
 */
export function DownloadStatusModal() {
  const { t } = useTranslation('playlist-download');
  const download = usePlaylistDownload();
  const toast = useToast();
  const shownError = useRef(0);
  const titleId = useId();

  useEffect(() => {
    if (download.error && download.error.seq !== shownError.current) {
      shownError.current = download.error.seq;
      toast.error(downloadErrorMessage(download.error.cause, t));
    }
  }, [download.error, toast, t]);

  if (!isActive(download)) return null;
  const failed = download.status === 'failure';
  const done = download.status === 'downloaded';
  const progress = progressOf(download);

  return (
    <section
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      className={styles.panel}
      data-testid="download-status-modal"
      data-status={download.status}
    >
      <div className={styles.head}>
        <span className={failed ? styles.iconFailed : done ? styles.iconDone : styles.icon} aria-hidden="true">
          {failed ? <AlertCircle /> : done ? <CheckCircle2 /> : <Download />}
        </span>
        <div className={styles.titles}>
          <h2 id={titleId} className={styles.title}>
            {failed ? t('status.failedTitle') : done ? t('status.doneTitle') : t('status.title')}
          </h2>
          <p className={styles.name} title={download.playlistName ?? undefined}>
            {archiveFileName(download.playlistName ?? '')}
          </p>
        </div>
        <IconButton
          aria-label={failed || done ? t('close') : t('status.cancel')}
          icon={<X />}
          size="sm"
          className={styles.close}
          onClick={closePlaylistDownload}
        />
      </div>
      <p className={styles.status} role="status" aria-live="polite">
        {statusText(download, t)}
      </p>
      {failed ? (
        <div className={styles.actions}>
          <Button size="sm" variant="ghost" onClick={closePlaylistDownload}>
            {t('close')}
          </Button>
          <Button size="sm" icon={<RotateCcw />} onClick={() => void retryPlaylistDownload()}>
            {t('tryAgain')}
          </Button>
        </div>
      ) : (
        <div
          className={styles.track}
          role="progressbar"
          aria-label={t('status.progress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress ?? undefined}
          data-indeterminate={progress === null || undefined}
        >
          <div className={styles.bar} style={{ width: progress === null ? undefined : `${progress}%` }} />
        </div>
      )}
    </section>
  );
}

/** 0–100, or null while nothing can be measured yet (the bar then pulses). */
function progressOf(d: PlaylistDownloadState): number | null {
  if (d.percentage !== null) return d.percentage;
  if (d.status === 'downloading' && d.totalFiles > 0) return Math.round((d.filesProcessed / d.totalFiles) * 100);
  return null;
}

function statusText(d: PlaylistDownloadState, t: TFunction<'playlist-download'>): string {
  switch (d.status) {
    case 'preparing':
      return t('status.preparing');
    case 'downloading':
      if (d.percentage !== null) return t('status.percent', { percent: d.percentage });
      return d.totalFiles > 0
        ? t('status.files', { done: d.filesProcessed, total: d.totalFiles })
        : t('status.preparing');
    case 'downloaded':
      return t('status.saving');
    case 'failure':
      return t('status.failure');
    default:
      return '';
  }
}
