import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '@cuewave/contract/catalog';
import { useToast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { useViewer } from '../auth/use-viewer';
import { saveBlob } from '../../lib/save-blob';
import { accessForDenied, type DownloadAccess } from './access';
import { fetchSignedFile, requestProductDownload } from './api';
import { DOWNLOAD_MESSAGES } from './messages';
import { PrepareTimeoutError, runDownload, waitFor, type DownloadDeps, type DownloadProgress } from './run-download';
import type { FilePick } from './selection';

export type DownloadState =
  | { status: 'idle' }
  | { status: 'running'; progress: DownloadProgress }
  | { status: 'done'; fileName: string }
  | { status: 'denied'; access: Exclude<DownloadAccess, { kind: 'allowed' }> }
  | { status: 'limited'; message: string }
  | { status: 'failed'; message: string };

const browserDeps: DownloadDeps = {
  request: (id, picks, signal) => requestProductDownload(id, picks, signal),
  fetchFile: (url, onChunk, signal) => fetchSignedFile(url, onChunk, signal),
  save: (blob, fileName) => saveBlob(blob, fileName),
  wait: waitFor,
};

/**
 * Runs a download for the control and says how it went: progress while files are prepared and
 * fetched, the success toast at the end; a 403 becomes the call to action for the viewer's state, a
 * 429 the fair-use message, anything else the error toast. Closing the control aborts it.
 */
export function useTrackDownload(product: Pick<Product, 'id' | 'title' | 'artist'>, deps: DownloadDeps = browserDeps) {
  const { t } = useTranslation('downloads');
  const toast = useToast();
  const me = useViewer();
  const [state, setState] = useState<DownloadState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (picked: FilePick[]) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      setState({ status: 'running', progress: { phase: 'requesting' } });
      try {
        const result = await runDownload(
          product,
          picked,
          deps,
          (progress) => {
            if (!abort.signal.aborted) setState({ status: 'running', progress });
          },
          abort.signal,
        );
        setState({ status: 'done', fileName: result.fileName });
        toast.success(t(DOWNLOAD_MESSAGES.success));
      } catch (error) {
        if (abort.signal.aborted) return;
        if (error instanceof ApiError && (error.status === 403 || error.status === 401)) {
          setState({
            status: 'denied',
            access: accessForDenied(error.status === 401 ? '' : error.body.error, error.status === 401 ? null : me),
          });
          return;
        }
        if (error instanceof ApiError && error.status === 429) {
          const message =
            error.body.message && !error.body.message.startsWith('HTTP')
              ? error.body.message
              : t(DOWNLOAD_MESSAGES.fairUse);
          setState({ status: 'limited', message });
          toast.warning(message);
          return;
        }
        const message = t(
          error instanceof PrepareTimeoutError ? DOWNLOAD_MESSAGES.prepareTimedOut : DOWNLOAD_MESSAGES.failed,
        );
        setState({ status: 'failed', message });
        toast.error(message);
      } finally {
        if (controller.current === abort) controller.current = null;
      }
    },
    [product, deps, toast, me, t],
  );

  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState({ status: 'idle' });
  }, []);

  /** Forget how the last download went (the user changed the pick). */
  const reset = useCallback(() => setState((s) => (s.status === 'running' ? s : { status: 'idle' })), []);

  return { state, start, cancel, reset };
}
