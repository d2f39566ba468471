import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { DownloadHistory, DownloadRecord } from '@cuewave/contract/downloads';
import { ToastProvider } from '../../../components/ui/toast';
import * as api from '../api';
import { DownloadsHistory } from './downloads-history';

const saved = vi.hoisted(() => [] as string[]);
vi.mock('../../subscription/licence-download', async (original) => ({
  ...(await original<object>()),
  saveBlob: (_blob: Blob, fileName: string) => saved.push(fileName),
}));

function record(id: string, overrides: Partial<DownloadRecord> = {}): DownloadRecord {
  return {
    id,
    productId: `p-${id}`,
    product: null,
    title: `Track ${id}`,
    artist: 'Mila Grey',
    items: [
      { file: 'vocal', format: 'wav' },
      { file: 'stem_bass', format: 'mp3' },
    ],
    downloadedAt: '2026-11-20T10:00:00Z',
    licence: {
      code: 'CW-ABCD-EFGH',
      subscriptionId: 's1',
      plan: 'trial',
      planTitle: 'Free trial',
      certificateUrl: `/api/v1/download/${id}/license`,
    },
    ...overrides,
  };
}

function renderHistory(history: DownloadHistory | null, skip = 0) {
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard/downloads',
        element: (
          <ToastProvider>
            <DownloadsHistory history={history} skip={skip} pageSize={20} />
          </ToastProvider>
        ),
      },
    ],
    { initialEntries: ['/dashboard/downloads'] },
  );
  render(<RouterProvider router={router} />);
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  saved.length = 0;
});

describe('the download history', () => {
  it('lists each download with what was taken, when, and the licence that covers it', () => {
    renderHistory({ items: [record('d1')], count: 1 });
    const row = screen.getByTestId('download-record');
    expect(within(row).getByText('Track d1')).toBeTruthy();
    expect(within(row).getByTestId('download-record-items').textContent).toBe('Full track · WAV, Bass stem · MP3');
    expect(within(row).getByText('Nov 20, 2026')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Free trial' }).getAttribute('href')).toBe('/dashboard/licenses');
    expect(within(row).getByRole('link', { name: 'CW-ABCD-EFGH' }).getAttribute('href')).toBe(
      '/licenses/verify/CW-ABCD-EFGH',
    );
    // The track left the catalogue: nothing to download again, the licence still stands.
    expect(within(row).getByTestId('download-record-again')).toHaveProperty('disabled', true);
  });

  it('saves the per-track certificate under the name the API gives', async () => {
    const fetch = vi
      .spyOn(api, 'fetchCertificate')
      .mockResolvedValue({ blob: new Blob(['%PDF-']), fileName: 'cuewave-track-licence-CW-ABCD-EFGH.pdf' });
    renderHistory({ items: [record('d1')], count: 1 });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Certificate of Track d1 (PDF)' }));
    });
    expect(fetch).toHaveBeenCalledWith('/api/v1/download/d1/license', expect.stringContaining('CW-ABCD-EFGH'));
    expect(saved).toEqual(['cuewave-track-licence-CW-ABCD-EFGH.pdf']);
  });

  it('says the spec’s words when the certificate cannot be downloaded', async () => {
    vi.spyOn(api, 'fetchCertificate').mockRejectedValue(new Error('HTTP 500'));
    renderHistory({ items: [record('d1')], count: 1 });
    await act(async () => {
      fireEvent.click(screen.getByTestId('download-record-certificate'));
    });
    expect((await screen.findByTestId('toast')).textContent).toBe(
      'Failed to download license. Please contact our support team.',
    );
  });

  it('pages through a long history', () => {
    const items = Array.from({ length: 20 }, (_, i) => record(`d${i}`));
    renderHistory({ items, count: 45 }, 20);
    expect(screen.getAllByTestId('download-record')).toHaveLength(20);
    expect(screen.getByText('45 downloads, newest first')).toBeTruthy();
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pager).getByRole('link', { name: /3/ }).getAttribute('href')).toContain('skip=40');
  });

  it('shows an empty state, and says when the history could not be loaded', () => {
    renderHistory({ items: [], count: 0 });
    expect(screen.getByRole('heading', { name: 'No downloads yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse the music catalogue' }).getAttribute('href')).toBe('/c/genres');
    cleanup();
    renderHistory(null);
    expect(
      screen.getByRole('heading', { name: 'We couldn’t load your downloads' }).closest('[role="alert"]'),
    ).toBeTruthy();
  });
});
