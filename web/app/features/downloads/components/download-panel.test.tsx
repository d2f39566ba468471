import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { unzipSync } from 'fflate';
import type { Me, SubscriptionSummary } from '@cuewave/contract/account';
import type { Product } from '@cuewave/contract/catalog';
import type { DownloadFile, ProductDownload } from '@cuewave/contract/downloads';
import { ToastProvider } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { productFixture } from '../../../test/product-fixture';
import { viewerFixture } from '../../../test/viewer-fixture';
import { SongFiles } from '../../catalog/components/song-files';
import { PlayerProvider, usePlayer } from '../../player/player-context';
import * as api from '../api';

const saved = vi.hoisted(() => [] as { blob: Blob; fileName: string }[]);
vi.mock('../../../lib/save-blob', () => ({
  saveBlob: (blob: Blob, fileName: string) => saved.push({ blob, fileName }),
}));

const product: Product = productFixture({
  files: [
    { id: 'f-vocal', type: 'vocal', duration: 180, waveform: [10, 50], bpm: 118 },
    { id: 'f-inst', type: 'instrumental', duration: 180, waveform: [10, 40], bpm: 118 },
    { id: 'f-bass', type: 'stem_bass', duration: 180, waveform: [20, 30], bpm: 118, preview: 'f-bass-prev' },
    { id: 'f-keys', type: 'stem_instruments', duration: 180, waveform: [5, 60], bpm: 118 },
  ],
});

function subscriber(
  status: SubscriptionSummary['status'] = 'active',
  planType: SubscriptionSummary['planType'] = 'trial',
): Me {
  const me = viewerFixture();
  return { ...me, subscription: { id: 's1', planType, status, payPeriod: null, nextPayTS: null, currency: 'eur' } };
}

function PlayerProbe() {
  const player = usePlayer();
  return (
    <button type="button" onClick={() => player.play([product], 0)}>
      main play {player.state.playing ? 'on' : 'off'}
    </button>
  );
}

function renderSong(me: Me | null) {
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        loader: () => ({ me }),
        element: (
          <ToastProvider>
            <PlayerProvider>
              <Outlet />
              <PlayerProbe />
            </PlayerProvider>
          </ToastProvider>
        ),
        children: [{ path: 'c/song/:id', element: <SongFiles product={product} /> }],
      },
    ],
    { initialEntries: ['/c/song/p1'], hydrationData: { loaderData: { root: { me } } } },
  );
  render(<RouterProvider router={router} />);
}

/** The API's ready answer: the pairs in the order asked, as one download. */
function ready(picks: api.FilePick[]): ProductDownload {
  const suffix: Record<DownloadFile, string> = {
    vocal: '',
    instrumental: ' (Instrumental)',
    stem_bass: ' (Bass stem)',
    stem_instruments: ' (Instruments stem)',
    master: ' (Master)',
  };
  return {
    status: 'ready',
    productId: 'p1',
    downloadId: 'dl1',
    expiresAt: '2026-11-25T17:00:00Z',
    retryAfterMs: null,
    items: picks.map(({ file, format }) => ({
      file,
      format,
      fileName: `Golden Hour - Mila Grey${suffix[file]}.${format}`,
      status: 'ready' as const,
      url: `/api/v1/download/file/${file}-${format}`,
      jobId: null,
      size: 4,
    })),
  };
}

/** jsdom's Blob has no arrayBuffer(); its FileReader reads it. */
function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

const option = (file: DownloadFile) => screen.getAllByTestId('download-option').find((el) => el.dataset.file === file)!;

beforeEach(() => {
  saved.length = 0;
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the song page’s download control', () => {
  it('a subscriber picks the full track as WAV and two stems, and gets them zipped as name.zip', async () => {
    const request = vi.spyOn(api, 'requestProductDownload').mockImplementation(async (_id, picks) => ready(picks));
    vi.spyOn(api, 'fetchSignedFile').mockImplementation(async (url, onChunk) => {
      onChunk(new TextEncoder().encode(url.slice(-8)));
    });
    renderSong(subscriber());

    expect(await screen.findByRole('heading', { name: 'Download this track' })).toBeTruthy();
    expect(screen.queryByText('Start free trial')).toBeNull();
    // Default: the full track, MP3.
    expect(within(option('vocal')).getByRole('checkbox')).toHaveProperty('checked', true);
    expect(within(option('vocal')).getByRole('radio', { name: 'MP3' })).toHaveProperty('checked', true);
    expect(screen.getByTestId('download-save-as').textContent).toBe('1 file, saved as Golden Hour - Mila Grey.mp3');

    fireEvent.click(within(option('vocal')).getByRole('radio', { name: 'WAV' }));
    fireEvent.click(within(option('stem_bass')).getByRole('checkbox', { name: /Bass stem/ }));
    fireEvent.click(within(option('stem_instruments')).getByRole('checkbox', { name: /Instruments stem/ }));
    expect(screen.getByTestId('download-save-as').textContent).toBe('3 files, saved as Golden Hour - Mila Grey.zip');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Download 3 files (ZIP)' }));
    });
    expect(await screen.findByTestId('download-done')).toBeTruthy();
    // Exactly the picks, in ONE request (one recorded download), in the order the user sees them.
    expect(request.mock.calls.map((c) => c[1])).toEqual([
      [
        { file: 'vocal', format: 'wav' },
        { file: 'stem_instruments', format: 'mp3' },
        { file: 'stem_bass', format: 'mp3' },
      ],
    ]);
    expect(saved.map((s) => s.fileName)).toEqual(['Golden Hour - Mila Grey.zip']);
    expect(saved[0]!.blob.type).toBe('application/zip');
    expect(Object.keys(unzipSync(await bytesOf(saved[0]!.blob)))).toEqual([
      'Golden Hour - Mila Grey.wav',
      'Golden Hour - Mila Grey (Instruments stem).mp3',
      'Golden Hour - Mila Grey (Bass stem).mp3',
    ]);
    expect(screen.getByTestId('toast').textContent).toBe('Track downloaded successfully!');
  });

  it('a single pick is saved as name.format', async () => {
    vi.spyOn(api, 'requestProductDownload').mockImplementation(async (_id, picks) => ready(picks));
    vi.spyOn(api, 'fetchSignedFile').mockImplementation(async (_url, onChunk) =>
      onChunk(new Uint8Array([82, 73, 70, 70])),
    );
    renderSong(subscriber('cancelled', 'start'));
    await screen.findByTestId('download-panel');
    fireEvent.click(within(option('vocal')).getByRole('checkbox'));
    fireEvent.click(within(option('instrumental')).getByRole('radio', { name: 'WAV' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    });
    await screen.findByTestId('download-done');
    expect(saved.map((s) => [s.fileName, s.blob.type, s.blob.size])).toEqual([
      ['Golden Hour - Mila Grey (Instrumental).wav', 'audio/wav', 4],
    ]);
    // A new pick: the control says what the next download will save.
    fireEvent.click(within(option('stem_bass')).getByRole('checkbox'));
    expect(screen.queryByTestId('download-done')).toBeNull();
    expect(screen.getByTestId('download-save-as').textContent).toBe('2 files, saved as Golden Hour - Mila Grey.zip');
  });

  it('a refusal of the API becomes the call to action for the viewer’s state', async () => {
    vi.spyOn(api, 'requestProductDownload').mockRejectedValue(
      new ApiError(403, { error: 'DOWNLOAD_SUBSCRIPTION_ENDED', message: 'Your subscription has ended.' }),
    );
    renderSong(subscriber('active', 'trial'));
    await screen.findByTestId('download-panel');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    });
    const cta = await screen.findByTestId('download-cta');
    expect(within(cta).getByText('Your free trial has ended')).toBeTruthy();
    expect(within(cta).getByRole('link', { name: 'Choose a plan' }).getAttribute('href')).toBe('/register/select-plan');
  });

  it('the fair-use limit shows the API’s sentence', async () => {
    vi.spyOn(api, 'requestProductDownload').mockRejectedValue(
      new ApiError(
        429,
        { error: 'DOWNLOAD_LIMIT_REACHED', message: 'You have downloaded 300 different tracks today.' },
        3600,
      ),
    );
    renderSong(subscriber());
    await screen.findByTestId('download-panel');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    });
    expect((await screen.findByTestId('download-error')).textContent).toContain(
      'You have downloaded 300 different tracks today.',
    );
  });

  it('auditions a stem through its public preview and pauses the main player', async () => {
    renderSong(subscriber());
    await screen.findByTestId('download-panel');
    fireEvent.click(screen.getByRole('button', { name: /main play/ }));
    expect(screen.getByRole('button', { name: 'main play on' })).toBeTruthy();

    fireEvent.click(within(option('stem_bass')).getByRole('button', { name: 'Play Bass stem' }));
    expect(screen.getByTestId('audition-audio').getAttribute('src')).toBe('/api/cdn/f-bass-prev');
    expect(within(option('stem_bass')).getByRole('button', { name: 'Pause Bass stem' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'main play off' })).toBeTruthy();

    // A stem without a preview can't be auditioned, and says so.
    expect(
      within(option('stem_instruments')).getByRole('button', { name: 'No preview of Instruments stem' }),
    ).toHaveProperty('disabled', true);
  });

  it('a visitor sees the files behind the trial call to action and no download control', async () => {
    renderSong(null);
    const cta = await screen.findByTestId('download-cta');
    expect(within(cta).getByRole('link', { name: 'Start free trial' })).toBeTruthy();
    expect(within(cta).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/auth/login?returnUrl=%2Fc%2Fsong%2Fp1',
    );
    expect(screen.queryByTestId('download-panel')).toBeNull();
    expect(screen.getAllByLabelText('For subscribers')).toHaveLength(4);
  });

  it('a first payment still pending is asked to finish it, not to start a trial', async () => {
    renderSong(subscriber('pending', 'advanced'));
    const cta = await screen.findByTestId('download-cta');
    expect(within(cta).getByRole('link', { name: 'Finish payment' }).getAttribute('href')).toBe('/dashboard/licenses');
    expect(screen.queryByText('Start free trial')).toBeNull();
  });
});
