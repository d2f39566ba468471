import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import type { Me } from '@cuewave/contract/account';
import type { Product } from '@cuewave/contract/catalog';
import { ToastProvider } from '../../../components/ui/toast';
import { productFixture } from '../../../test/product-fixture';
import { viewerFixture } from '../../../test/viewer-fixture';
import { PlayerProvider } from '../../player/player-context';
import * as api from '../api';
import { TrackDownloadButton } from './track-download-button';

const full: Product = productFixture({
  files: [
    { id: 'f-vocal', type: 'vocal', duration: 180, waveform: [10, 50, 70], bpm: 118 },
    { id: 'f-inst', type: 'instrumental', duration: 180, waveform: [10, 40, 20], bpm: 118 },
    { id: 'f-bass', type: 'stem_bass', duration: 180, waveform: [20, 30, 90], bpm: 118, preview: 'f-bass-prev' },
  ],
});
/** As a listing sends it (decision 074): only the shown version keeps a waveform. */
const listed: Product = {
  ...full,
  files: full.files.map((f) => (f.type === 'vocal' ? f : { ...f, waveform: undefined })),
};

function subscriber(): Me {
  const me = viewerFixture();
  return {
    ...me,
    subscription: { id: 's1', planType: 'trial', status: 'active', payPeriod: null, nextPayTS: null, currency: 'eur' },
  };
}

function renderRow(product: Product) {
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        loader: () => ({ me: subscriber() }),
        element: (
          <ToastProvider>
            <PlayerProvider>
              <Outlet />
            </PlayerProvider>
          </ToastProvider>
        ),
        children: [{ index: true, element: <TrackDownloadButton product={product} /> }],
      },
    ],
    { initialEntries: ['/'], hydrationData: { loaderData: { root: { me: subscriber() } } } },
  );
  render(<RouterProvider router={router} />);
}

/** Bar heights of each option's waveform, in the control's order. */
const drawn = () =>
  screen
    .getAllByTestId('download-option')
    .map((option) =>
      [...option.querySelectorAll('svg > g')[0]!.querySelectorAll('rect')].map((r) => r.getAttribute('height')),
    );

// The row's button loads the dialog's code on first open; load it up front so the waits below time the dialog.
beforeAll(() => import('./download-dialog'));

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
  // jsdom has no matchMedia; a desktop width opens the centred dialog.
  vi.stubGlobal(
    'matchMedia',
    (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as unknown,
  );
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the download dialog of a track row', () => {
  it('subscriber opening it from a listing row gets the product fetched, and every waveform drawn', async () => {
    let answer!: (p: Product) => void;
    const fetched = vi.spyOn(api, 'getFullProduct').mockImplementation(() => new Promise((r) => (answer = r)));
    renderRow(listed);
    fireEvent.click(screen.getByRole('button', { name: 'Download Golden Hour' }));
    expect(await screen.findByTestId('download-loading')).toBeTruthy();
    expect(fetched).toHaveBeenCalledWith({ id: 'p1', type: 'music' }, expect.any(AbortSignal));
    answer(full);
    await waitFor(() => expect(screen.getAllByTestId('download-option')).toHaveLength(3));
    // The stems' own peaks, not the flat line an empty waveform draws.
    expect(drawn()[2]).toEqual(['20', '30', '90']);
  });

  it('a failed fetch says so and tries again on request', async () => {
    const fetched = vi
      .spyOn(api, 'getFullProduct')
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(full);
    renderRow(listed);
    fireEvent.click(screen.getByRole('button', { name: 'Download Golden Hour' }));
    expect(await screen.findByText(/could not be loaded/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getAllByTestId('download-option')).toHaveLength(3));
    expect(fetched).toHaveBeenCalledTimes(2);
  });

  it('a product that carries every waveform (the song page) is not fetched again', async () => {
    const fetched = vi.spyOn(api, 'getFullProduct');
    renderRow(full);
    fireEvent.click(screen.getByRole('button', { name: 'Download Golden Hour' }));
    await waitFor(() => expect(screen.getAllByTestId('download-option')).toHaveLength(3));
    expect(fetched).not.toHaveBeenCalled();
  });
});
