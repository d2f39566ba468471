import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { Product } from '@cuewave/contract/catalog';
import { PlayerProvider, usePlayer } from '../../player/player-context';
import { TrackList } from './track-list';
import { TrackRow } from './track-row';

function product(id: string, overrides: Partial<Product> = {}): Product {
  return {
    id,
    type: 'music',
    title: `Song ${id.toUpperCase()}`,
    artist: { id: 'artist-1', name: 'Nova Lane' },
    bpm: 120,
    duration: 185,
    vocal: true,
    cover: null,
    genres: [{ id: 'electronic', name: 'Electronic' }],
    subgenres: [{ id: 'synthwave', name: 'Synthwave' }],
    categories: [],
    moods: [{ id: 'uplifting', name: 'Uplifting' }],
    tags: [],
    files: [
      { id: `${id}-inst`, type: 'instrumental', duration: 185, waveform: [10, 40, 80, 20], bpm: 120 },
      { id: `${id}-vocal`, type: 'vocal', duration: 185, waveform: [20, 60, 90, 30], bpm: 120 },
    ],
    ...overrides,
  };
}

/** Shows what the player holds, so tests can check the queue the row started. */
function PlayerProbe() {
  const player = usePlayer();
  return (
    <div>
      <span data-testid="probe-current">{player.current?.title ?? 'none'}</span>
      <span data-testid="probe-queue">{player.state.queue.map((p) => p.id).join(',')}</span>
      <button type="button" onClick={player.next}>
        probe next
      </button>
    </div>
  );
}

function renderAt(path: string, ui: React.ReactNode) {
  // A data router: track lists read the pending navigation.
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <PlayerProvider>
            {ui}
            <PlayerProbe />
          </PlayerProvider>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  return render(<RouterProvider router={router} />);
}

beforeEach(() => {
  // jsdom has no media playback.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('TrackRow', () => {
  it('shows the title linking to the song page, the artist, duration and BPM', () => {
    const a = product('a');
    renderAt('/c/genres', <ul>{<TrackRow product={a} queue={[a]} index={0} />}</ul>);
    const row = screen.getByTestId('track-row');
    const title = within(row).getByRole('link', { name: 'Song A' });
    expect(title.getAttribute('href')).toBe('/c/song/a');
    expect(within(row).getByText('Nova Lane')).toBeTruthy();
    expect(within(row).getByTestId('track-duration').textContent).toBe('Duration 3:05');
    expect(within(row).getByTestId('track-bpm').textContent).toBe('120 BPM');
  });

  it('links its genre and mood chips to their pages', () => {
    const a = product('a');
    renderAt('/c/genres', <ul>{<TrackRow product={a} queue={[a]} index={0} />}</ul>);
    expect(screen.getByRole('link', { name: 'Electronic' }).getAttribute('href')).toBe('/c/genres/electronic');
    expect(screen.getByRole('link', { name: 'Uplifting' }).getAttribute('href')).toBe('/c/moods/uplifting');
  });

  it('keeps links under /us on US pages', () => {
    const a = product('a');
    renderAt('/us/c/genres', <ul>{<TrackRow product={a} queue={[a]} index={0} />}</ul>);
    expect(screen.getByRole('link', { name: 'Song A' }).getAttribute('href')).toBe('/us/c/song/a');
  });

  it('plays through the player context and turns into a pause button', () => {
    const a = product('a');
    renderAt('/c/genres', <ul>{<TrackRow product={a} queue={[a]} index={0} />}</ul>);
    fireEvent.click(screen.getByRole('button', { name: 'Play Song A' }));

    expect(screen.getByTestId('probe-current').textContent).toBe('Song A');
    expect(screen.getByTestId('track-row').dataset.playing).toBe('true');
    // The preview is the vocal version when there is one.
    expect(document.querySelector('[data-testid=player-audio]')?.getAttribute('src')).toBe('/api/cdn/a-vocal');

    fireEvent.click(screen.getByRole('button', { name: 'Pause Song A' }));
    expect(screen.getByRole('button', { name: 'Play Song A' })).toBeTruthy();
    expect(screen.getByTestId('track-row').dataset.playing).toBeUndefined();
    expect(screen.getByTestId('track-row').dataset.current).toBe('true');
  });

  it('shows sound effects without a song link and with their category', () => {
    const s = product('boom', {
      type: 'sfx',
      title: 'Big Boom',
      bpm: null,
      genres: [],
      moods: [],
      categories: [{ id: 'impacts', name: 'Impacts' }],
    });
    renderAt('/c/sfx', <ul>{<TrackRow product={s} queue={[s]} index={0} />}</ul>);
    expect(screen.queryByRole('link', { name: 'Big Boom' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Impacts' }).getAttribute('href')).toBe('/c/sfx/impacts');
    expect(screen.getByTestId('track-bpm').textContent).toBe('—No BPM');
  });
});

describe('TrackList', () => {
  it('queues the whole list so next follows it', () => {
    const items = [product('a'), product('b'), product('c')];
    renderAt('/c/genres/electronic', <TrackList items={items} label="Electronic tracks" />);
    fireEvent.click(screen.getByRole('button', { name: 'Play Song B' }));
    expect(screen.getByTestId('probe-queue').textContent).toBe('a,b,c');
    expect(screen.getByTestId('probe-current').textContent).toBe('Song B');
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'probe next' }));
    });
    expect(screen.getByTestId('probe-current').textContent).toBe('Song C');
    expect(screen.getByRole('button', { name: 'Pause Song C' })).toBeTruthy();
  });

  it('numbers ranked rows from the page offset', () => {
    const items = [product('a'), product('b')];
    renderAt('/c/top-music', <TrackList items={items} label="Top" ranked offset={30} />);
    expect(screen.getAllByTestId('track-rank').map((r) => r.textContent)).toEqual(['Rank 31', 'Rank 32']);
  });

  it('shows an empty state, and a friendly error when the load failed', () => {
    const { unmount } = renderAt('/c/genres/x', <TrackList items={[]} label="X" empty={{ title: 'Nothing yet' }} />);
    expect(screen.getByRole('status').textContent).toContain('Nothing yet');
    unmount();
    renderAt('/c/genres/x', <TrackList items={[]} label="X" failed />);
    expect(screen.getByRole('alert').textContent).toContain("We couldn't load these tracks");
  });
});
