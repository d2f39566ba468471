import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import type { Product } from '@cuewave/contract/catalog';
import { PlayerBar, preloadPlayerBar } from './player-bar';
import { PlayerProvider, usePlayer } from './player-context';
import { SpaceBarRule } from '../shell/space-bar-rule';

function product(id: string, files: Product['files'] = [audio(`${id}-inst`, 'instrumental')]): Product {
  return {
    id,
    type: 'music',
    title: `Title ${id}`,
    artist: { id: 'artist', name: `Artist ${id}` },
    bpm: 120,
    duration: 60,
    vocal: false,
    cover: null,
    genres: [],
    subgenres: [],
    categories: [],
    moods: [],
    tags: [],
    files,
  };
}

function audio(id: string, type: Product['files'][number]['type']): Product['files'][number] {
  return { id, type, duration: 60, waveform: Array.from({ length: 160 }, (_, i) => i % 100), bpm: 120 };
}

const queue = [product('a', [audio('a-inst', 'instrumental'), audio('a-vocal', 'vocal')]), product('b'), product('c')];

let api: ReturnType<typeof usePlayer>;
function Probe() {
  api = usePlayer();
  return null;
}

function Shell() {
  return (
    <PlayerProvider>
      <SpaceBarRule />
      <Probe />
      <Link to="/c/moods">moods</Link>
      <Link to="/auth/login">login</Link>
      <Link to="/us/register/plans">us-register</Link>
      <Outlet />
      <PlayerBar />
    </PlayerProvider>
  );
}

function renderShell(path = '/c/genres') {
  const router = createMemoryRouter(
    [{ path: '/', element: <Shell />, children: [{ path: '*', element: <p>page</p> }] }],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const audioEl = () => screen.getByTestId('player-audio') as HTMLAudioElement;

let play: ReturnType<typeof vi.fn>;
let pause: ReturnType<typeof vi.fn>;

// The bar's controls load with the first track (issue 15); here they are loaded up front, so each check can run at once.
beforeAll(() => preloadPlayerBar());

beforeEach(() => {
  play = vi.fn(() => Promise.resolve());
  pause = vi.fn();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play as () => Promise<void>);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(pause as () => void);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('player', () => {
  it('visitor plays a track: the bar opens and streams the vocal preview', () => {
    renderShell();
    expect(screen.getByTestId('player').getAttribute('data-open')).toBe('false');
    act(() => api.play(queue, 0));
    expect(screen.getByTestId('player').getAttribute('data-open')).toBe('true');
    expect(screen.getByTestId('player-title').textContent).toBe('Title a');
    expect(screen.getByTestId('player-title').getAttribute('href')).toBe('/c/song/a');
    expect(audioEl().getAttribute('src')).toBe('/api/cdn/a-vocal');
    expect(play).toHaveBeenCalled();
    expect(api.isPlaying('a')).toBe(true);
    expect(api.isCurrent('b')).toBe(false);
  });

  it('next and previous walk through the list the track was started from', () => {
    renderShell();
    act(() => api.play(queue, 1));
    expect(audioEl().getAttribute('src')).toBe('/api/cdn/b-inst');
    fireEvent.click(screen.getByTestId('player-next'));
    expect(api.current?.id).toBe('c');
    expect((screen.getByTestId('player-next') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('player-previous'));
    fireEvent.click(screen.getByTestId('player-previous'));
    expect(api.current?.id).toBe('a');
    expect((screen.getByTestId('player-previous') as HTMLButtonElement).disabled).toBe(true);
  });

  it('moves on to the next track when one ends', () => {
    renderShell();
    act(() => api.play(queue, 0));
    fireEvent(audioEl(), new Event('ended'));
    expect(api.current?.id).toBe('b');
    expect(api.state.playing).toBe(true);
  });

  it('the play button pauses and resumes', () => {
    renderShell();
    act(() => api.play(queue, 0));
    fireEvent.click(screen.getByTestId('player-toggle'));
    expect(api.state.playing).toBe(false);
    expect(pause).toHaveBeenCalled();
    expect(screen.getByTestId('player-toggle').getAttribute('aria-label')).toBe('Play');
    fireEvent.click(screen.getByTestId('player-toggle'));
    expect(api.state.playing).toBe(true);
  });

  it('keeps playing across catalogue pages', async () => {
    const router = renderShell();
    act(() => api.play(queue, 0));
    await act(() => router.navigate('/c/moods'));
    expect(api.current?.id).toBe('a');
    expect(api.state.open).toBe(true);
  });

  it.each(['/auth/login', '/us/register/plans', '/dashboard'])(
    'entering %s stops and closes the player',
    async (path) => {
      const router = renderShell();
      act(() => api.play(queue, 0));
      await act(() => router.navigate(path));
      expect(api.state.open).toBe(false);
      expect(api.current).toBeNull();
      expect(api.state.queue).toEqual([]);
      expect(screen.getByTestId('player').getAttribute('data-open')).toBe('false');
    },
  );

  it('shows an inline message when the preview fails to load', () => {
    renderShell();
    act(() => api.play(queue, 0));
    fireEvent(audioEl(), new Event('error'));
    expect(screen.getByRole('alert').textContent).toMatch(/could not be loaded/);
    expect(api.state.playing).toBe(false);
  });

  it('the waveform is a slider: arrow keys seek by 5 seconds', () => {
    renderShell();
    act(() => api.play(queue, 0));
    const slider = screen.getByRole('slider', { name: /seek/i });
    expect(slider.getAttribute('aria-valuemax')).toBe('60');
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(audioEl().currentTime).toBe(5);
    expect(slider.getAttribute('aria-valuenow')).toBe('5');
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    expect(audioEl().currentTime).toBe(0);
  });

  it('volume defaults to 100 and follows the slider; mute silences', () => {
    renderShell();
    act(() => api.play(queue, 0));
    expect(api.state.volume).toBe(100);
    expect(audioEl().volume).toBe(1);
    fireEvent.change(screen.getByLabelText('Volume'), { target: { value: '40' } });
    expect(audioEl().volume).toBeCloseTo(0.4);
    fireEvent.click(screen.getByTestId('player-mute'));
    expect(audioEl().muted).toBe(true);
  });

  it('the close button clears the player', () => {
    renderShell();
    act(() => api.play(queue, 2));
    fireEvent.click(screen.getByTestId('player-close'));
    expect(api.current).toBeNull();
    expect(api.state.open).toBe(false);
  });

  it('space toggles playback when pressed outside interactive elements', () => {
    renderShell();
    act(() => api.play(queue, 0));
    const outside = new KeyboardEvent('keydown', { key: ' ', code: 'Space', bubbles: true, cancelable: true });
    act(() => {
      document.body.dispatchEvent(outside);
    });
    expect(outside.defaultPrevented).toBe(true);
    expect(api.state.playing).toBe(false);

    const onLink = new KeyboardEvent('keydown', { key: ' ', code: 'Space', bubbles: true, cancelable: true });
    act(() => {
      screen.getByText('moods').dispatchEvent(onLink);
    });
    expect(onLink.defaultPrevented).toBe(false);
    expect(api.state.playing).toBe(false);
  });

  it('space does nothing but stop the scroll while the player is closed', () => {
    renderShell();
    const event = new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true });
    act(() => {
      document.body.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
    expect(api.state.open).toBe(false);
  });
});
