import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../components/ui/toast';
import { closePlaylistDownload, startPlaylistDownload } from './download-store';
import { DownloadStatusSlot } from './download-status-slot';

afterEach(() => {
  cleanup();
  closePlaylistDownload();
  vi.unstubAllGlobals();
});

describe('the root shell slot of the download status modal', () => {
  it('renders nothing until the first playlist download, then the modal with the failure it met', async () => {
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
        <DownloadStatusSlot />
      </ToastProvider>,
    );
    expect(screen.queryByTestId('download-status-modal')).toBeNull();
    // The download fails before the modal's code has arrived: the modal still shows it, toast included.
    await act(() =>
      startPlaylistDownload({ id: 'pl_1', name: 'Road Trip' }, { fileFormat: 'mp3', stems: false, items: ['t1'] }),
    );
    const modal = await screen.findByTestId('download-status-modal', {}, { timeout: 5000 });
    expect(modal.getAttribute('data-status')).toBe('failure');
    expect(within(modal).getByText('Road Trip.zip')).toBeTruthy();
    expect((await screen.findByTestId('toasts')).textContent).toContain('Downloads come with a subscription.');
  });
});
