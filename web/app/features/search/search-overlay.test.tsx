import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Product } from '@cuewave/contract/catalog';
import type { SearchResponse } from '@cuewave/contract/search';
import { PlayerProvider, usePlayer } from '../player/player-context';
import { SearchLauncher } from './search-launcher';
import { resetSearchOpen } from './search-open-store';

function product(id: string): Product {
  return {
    id,
    type: 'music',
    title: `Song ${id}`,
    artist: { id: 'artist-1', name: 'Nova Lane' },
    bpm: 120,
    duration: 185,
    vocal: false,
    cover: null,
    genres: [{ id: 'ambient', name: 'Ambient' }],
    subgenres: [],
    categories: [],
    moods: [{ id: 'calm', name: 'Calm' }],
    tags: [],
    files: [{ id: `${id}-inst`, type: 'instrumental', duration: 185, waveform: [10, 40], bpm: 120 }],
  };
}

const facets = {
  genres: [{ id: 'ambient', name: 'Ambient', count: 2 }],
  subGenres: [],
  categories: [],
  moods: [{ id: 'calm', name: 'Calm', count: 2 }],
  vocal: { vocal: 0, instrumental: 2 },
};

function answer(body: { prompt?: string; engine?: string; ignore?: string[] }): SearchResponse {
  const ai = body.engine === 'ai';
  const chips =
    ai && !body.ignore?.includes('mood:calm')
      ? [
          {
            id: 'mood:calm',
            kind: 'mood' as const,
            label: 'Calm',
            value: { concept: 'calm', names: [], bpm: null, seconds: null },
            words: 'calm',
          },
        ]
      : [];
  return {
    items: [product('a'), product('b')],
    count: 2,
    engine: ai ? 'ai' : 'standard',
    facets,
    chips,
    explanations: ai
      ? {
          a: { chips: chips.map((c) => c.id), closest: ['gentle', 'soft'], score: 0.8 },
          b: { chips: [], closest: ['quiet'], score: 0.6 },
        }
      : {},
    corrected: body.prompt === 'pianno' ? 'piano' : null,
  };
}

let requests: Array<{ body: Record<string, unknown>; url: string }> = [];

// The overlay is code-split; load it once up front so no test pays the first transform.
beforeAll(async () => {
  await import('./search-overlay');
}, 60_000);

beforeEach(() => {
  requests = [];
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const json = (value: unknown) =>
      new Response(JSON.stringify(value), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url.startsWith('/api/v1/product/search/parameters'))
      return json({ bpm: { from: 60, to: 180 }, duration: { from: 5, to: 400 } });
    if (url.startsWith('/api/v1/product/search')) {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      requests.push({ body, url });
      return json(answer(body));
    }
    return json([]);
  });
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  resetSearchOpen();
  localStorage.clear();
});

function Probe() {
  const player = usePlayer();
  return <span data-testid="probe-current">{player.current?.title ?? 'none'}</span>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '*',
        element: (
          <PlayerProvider>
            <button type="button">page button</button>
            <SearchLauncher />
            <Probe />
          </PlayerProvider>
        ),
      },
    ],
    { initialEntries: [path], hydrationData: { loaderData: { root: { me: null } } } },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('search overlay', { timeout: 20_000 }, () => {
  it('opens with "/" outside text fields, searches as you type and closes with Escape, returning focus', async () => {
    renderAt('/c/genres');
    const opener = screen.getByRole('button', { name: 'page button' });
    opener.focus();
    fireEvent.keyDown(opener, { key: '/' });
    const input = await screen.findByTestId('search-input', {}, { timeout: 8000 });
    await waitFor(() => expect(document.activeElement).toBe(input));

    fireEvent.change(input, { target: { value: 'pianno' } });
    expect(await screen.findByText('2 results')).toBeTruthy();
    expect(screen.getByTestId('search-corrected').textContent).toBe('Showing results for piano');
    expect(requests.at(-1)!.body).toMatchObject({ prompt: 'pianno', engine: 'standard', type: 'music' });
    expect(window.location.search).toBe('?searchQuery=pianno');

    // Arrows walk the rows; Escape closes and gives focus back.
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const plays = screen.getAllByTestId('track-play');
    expect(document.activeElement).toBe(plays[0]);
    fireEvent.keyDown(plays[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(plays[1]);
    fireEvent.click(plays[1]!);
    expect(screen.getByTestId('probe-current').textContent).toBe('Song b');
    fireEvent.keyDown(plays[1]!, { key: 'ArrowUp' });
    fireEvent.keyDown(plays[0]!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(input);

    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('search-overlay')).toBeNull());
    expect(document.activeElement).toBe(opener);
    expect(window.location.search).toBe('');
  });

  it('"/" typed inside a text field is just a character', async () => {
    renderAt('/');
    const field = document.createElement('input');
    document.body.appendChild(field);
    fireEvent.keyDown(field, { key: '/' });
    await act(() => Promise.resolve());
    expect(screen.queryByTestId('search-overlay')).toBeNull();
    field.remove();
  });

  it('opens prefilled from ?searchQuery=, shows AI chips and why each result matched; removing a chip sends it in ignore', async () => {
    renderAt('/c/moods?searchQuery=calm%20piano&searchEngine=ai');
    const input = (await screen.findByTestId('search-input', {}, { timeout: 8000 })) as HTMLInputElement;
    expect(input.value).toBe('calm piano');
    const chips = await screen.findByTestId('search-chips');
    expect(within(chips).getByText('Calm')).toBeTruthy();
    expect(screen.getAllByTestId('match-reason')[0]!.textContent).toContain('Matches Calm');
    expect(screen.getByText('2 best matches')).toBeTruthy();

    fireEvent.click(within(chips).getByLabelText(/Remove “Calm”/));
    await waitFor(() => expect(requests.at(-1)!.body.ignore).toEqual(['mood:calm']));
    expect(new URLSearchParams(window.location.search).get('searchIgnore')).toBe('mood:calm');
    expect(await screen.findByTestId('search-chips-restore')).toBeTruthy();
  });

  it('is not shown on register paths even with a searchQuery', async () => {
    renderAt('/register/plans?searchQuery=piano');
    await act(() => Promise.resolve());
    expect(screen.queryByTestId('search-overlay')).toBeNull();
  });

  it('shows a visitor’s recent searches from this browser, runs one and clears them', async () => {
    localStorage.setItem(
      'cw-search-history',
      JSON.stringify([
        { id: 'h1', prompt: 'rain on a tin roof', engine: 'standard', type: 'sfx', filters: {}, createTS: 2 },
        { id: 'h2', prompt: 'epic trailer', engine: 'ai', type: 'music', filters: { moods: ['calm'] }, createTS: 1 },
      ]),
    );
    renderAt('/');
    fireEvent.keyDown(document.body, { key: '/' });
    const items = await screen.findAllByTestId('history-item', {}, { timeout: 8000 });
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('rain on a tin roof'),
      expect.stringContaining('epic trailer'),
    ]);
    fireEvent.click(screen.getAllByTestId('history-remove')[0]!);
    expect(screen.getAllByTestId('history-item')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('history-item'));
    await waitFor(() =>
      expect(requests.at(-1)!.body).toMatchObject({ prompt: 'epic trailer', engine: 'ai', moods: ['calm'] }),
    );
    // Back to an empty search: the history shows again, with the search just run on top.
    fireEvent.change(screen.getByTestId('search-input'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('search-clear-filters'));
    await waitFor(() => expect(screen.getAllByTestId('history-item')[0]!.textContent).toContain('epic trailer'));
    fireEvent.click(screen.getByTestId('history-clear'));
    expect(screen.getByTestId('history-empty')).toBeTruthy();
    expect(localStorage.getItem('cw-search-history')).toBeNull();
  });
});
