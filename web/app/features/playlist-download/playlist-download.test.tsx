import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../components/ui/toast';
import { DownloadOptionsDialog, type DownloadablePlaylist } from './download-options-dialog';
import { DownloadStatusModal } from './download-status-modal';
import { closePlaylistDownload, startPlaylistDownload } from './download-store';

afterEach(() => {
  cleanup();
  closePlaylistDownload();
  vi.restoreAllMocks();
});

const track = (id: string, title: string, stems = true) => ({
  id,
  title,
  artist: { id: 'a', name: 'Aurora Lane' },
  files: stems ? [{ id: `${id}-b`, type: 'stem_bass' as const, duration: 1, waveform: [], bpm: null }] : [],
});
const playlist: DownloadablePlaylist = {
  id: 'pl_1',
  name: 'Road Trip',
  items: [track('t1', 'Night Drive'), track('t2', 'Dust'), track('t3', 'Glow', false)],
};

describe('DownloadOptionsDialog', () => {
  it('offers mp3 by default, stems off, every track ticked, and sends what was chosen', () => {
    const onConfirm = vi.fn();
    render(<DownloadOptionsDialog playlist={playlist} open onClose={() => {}} onConfirm={onConfirm} />);
    const dialog = screen.getByRole('dialog', { name: 'Download playlist' });
    expect((within(dialog).getByRole('radio', { name: /MP3/ }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByRole('checkbox', { name: /Include stems/ }) as HTMLInputElement).checked).toBe(false);
    for (const title of ['Night Drive', 'Dust', 'Glow']) {
      expect((within(dialog).getByRole('checkbox', { name: new RegExp(title) }) as HTMLInputElement).checked).toBe(
        true,
      );
    }
    fireEvent.click(within(dialog).getByRole('radio', { name: /WAV/ }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Include stems/ }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Dust/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download 2 tracks' }));
    expect(onConfirm).toHaveBeenCalledWith({ fileFormat: 'wav', stems: true, items: ['t1', 't3'] });
  });

  it('cannot download nothing', () => {
    render(<DownloadOptionsDialog playlist={playlist} open onClose={() => {}} onConfirm={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    expect((screen.getByRole('button', { name: 'Download' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Select all' }));
    expect((screen.getByRole('button', { name: 'Download 3 tracks' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('DownloadStatusModal', () => {
  it('is absent while nothing downloads, shows progress while one does, and closing stops it', async () => {
    let signal: AbortSignal | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (init?.method === 'POST') return new Response(JSON.stringify({ jobId: 'job_x' }), { status: 202 });
        signal = init?.signal ?? undefined;
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(
              new TextEncoder().encode('data: {"filesProcessed":12,"totalFiles":50,"status":"running"}\n\n'),
            );
            signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
          },
        });
        return new Response(body, { status: 200 });
      }),
    );
    render(
      <ToastProvider>
        <DownloadStatusModal />
      </ToastProvider>,
    );
    expect(screen.queryByTestId('download-status-modal')).toBeNull();
    let running: Promise<void> = Promise.resolve();
    act(() => {
      running = startPlaylistDownload(
        { id: 'pl_1', name: 'Road Trip' },
        { fileFormat: 'mp3', stems: false, items: ['t1'] },
      );
    });
    const modal = await screen.findByTestId('download-status-modal');
    expect(within(modal).getByText('Road Trip.zip')).toBeTruthy();
    expect(await within(modal).findByText('Preparing files: 12 of 50')).toBeTruthy();
    expect(within(modal).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('24');
    fireEvent.click(within(modal).getByRole('button', { name: 'Cancel download' }));
    await act(() => running);
    expect(signal?.aborted).toBe(true);
    expect(screen.queryByTestId('download-status-modal')).toBeNull();
  });

  it('a failure shows the failure status and the error toast', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ error: 'DOWNLOAD_NO_SUBSCRIPTION', message: 'Downloads come with a subscription.' }),
            {
              status: 403,
            },
          ),
      ),
    );
    render(
      <ToastProvider>
        <DownloadStatusModal />
      </ToastProvider>,
    );
    await act(() =>
      startPlaylistDownload({ id: 'pl_1', name: 'Road Trip' }, { fileFormat: 'mp3', stems: false, items: ['t1'] }),
    );
    const modal = screen.getByTestId('download-status-modal');
    expect(modal.getAttribute('data-status')).toBe('failure');
    expect(within(modal).getByRole('heading', { name: 'Download failed' })).toBeTruthy();
    expect(screen.getByTestId('toasts').textContent).toContain('Downloads come with a subscription.');
  });
});
