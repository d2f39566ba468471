import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Me } from '@cuewave/contract/account';
import type { UserPlaylistSummary } from '@cuewave/contract/playlists';
import { CatalogToastProvider } from '../../components/ui/toast';
import { viewerFixture } from '../../test/viewer-fixture';
import { playlistsApi } from './api';
import { FavoriteButton } from './favorite-button';
import { hasPendingFavorite, rememberPendingFavorite } from './pending-favorite';
import { PlaylistsProvider } from './playlists-context';

function summary(itemIds: string[], overrides: Partial<UserPlaylistSummary> = {}): UserPlaylistSummary {
  return {
    id: 'fav-1',
    name: 'Favorites',
    description: '',
    public: false,
    fileID: null,
    trackCount: itemIds.length,
    duration: 0,
    createTS: 1,
    updateTS: 1,
    note: null,
    favorites: true,
    owned: true,
    itemIds,
    ...overrides,
  };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function renderHeart(me: Me | null, productId = 'song-b') {
  const ui = (viewer: Me | null) => (
    <CatalogToastProvider>
      <PlaylistsProvider me={viewer}>
        <FavoriteButton productId={productId} title="Song B" />
      </PlaylistsProvider>
    </CatalogToastProvider>
  );
  const router = createMemoryRouter([{ path: '*', element: ui(me) }], { initialEntries: ['/c/genres/rock'] });
  const view = render(<RouterProvider router={router} />);
  return {
    router,
    // The root loader's viewer changes after signing in; the provider stays mounted.
    signIn: (viewer: Me) => {
      view.rerender(<RouterProvider router={createMemoryRouter([{ path: '*', element: ui(viewer) }])} />);
    },
  };
}

const heart = () => screen.getByTestId('favorite-button');
const toasts = () => screen.queryAllByTestId('toast').map((t) => t.querySelector('p')?.textContent);

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the favourites heart', () => {
  it('fills at once, before the API answers, and says so', async () => {
    vi.spyOn(playlistsApi, 'list').mockResolvedValue([summary(['song-a'])]);
    const add = deferred<UserPlaylistSummary>();
    const addFavorite = vi.spyOn(playlistsApi, 'addFavorite').mockReturnValue(add.promise);
    renderHeart(viewerFixture());
    await waitFor(() => expect(heart().getAttribute('aria-label')).toBe('Add to favourites'));
    expect(heart().getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(heart());
    expect(heart().getAttribute('aria-pressed')).toBe('true');
    expect(heart().getAttribute('aria-label')).toBe('Remove from favourites');
    await waitFor(() => expect(addFavorite).toHaveBeenCalledWith('song-b'));
    expect(heart().getAttribute('aria-pressed')).toBe('true');
    expect(toasts()).toEqual([]);

    await act(async () => add.resolve(summary(['song-a', 'song-b'])));
    expect(toasts()).toEqual(['Track added successfully!']);
    expect(heart().getAttribute('aria-pressed')).toBe('true');
  });

  it('rolls back and tells the user when the API refuses', async () => {
    vi.spyOn(playlistsApi, 'list').mockResolvedValue([summary([])]);
    const add = deferred<UserPlaylistSummary>();
    vi.spyOn(playlistsApi, 'addFavorite').mockReturnValue(add.promise);
    renderHeart(viewerFixture());
    await waitFor(() => expect(screen.getByTestId('favorite-button')).toBeTruthy());

    fireEvent.click(heart());
    expect(heart().getAttribute('aria-pressed')).toBe('true');
    await act(async () => add.reject(new Error('503')));
    // Waited for, not read at once: on a loaded machine the toast's render can land a tick later.
    await waitFor(() => expect(toasts()).toEqual(['Failed to add track.']));
    expect(heart().getAttribute('aria-pressed')).toBe('false');
    expect(heart().getAttribute('aria-label')).toBe('Add to favourites');
  });

  it('taken off, offers Undo, which puts the track back in the same place', async () => {
    vi.spyOn(playlistsApi, 'list').mockResolvedValue([summary(['song-a', 'song-b', 'song-c'])]);
    vi.spyOn(playlistsApi, 'removeFavorite').mockResolvedValue(summary(['song-a', 'song-c']));
    const addItem = vi.spyOn(playlistsApi, 'addItem').mockResolvedValue(summary(['song-a', 'song-b', 'song-c']));
    renderHeart(viewerFixture());
    await waitFor(() => expect(heart().getAttribute('aria-pressed')).toBe('true'));

    fireEvent.click(heart());
    expect(heart().getAttribute('aria-pressed')).toBe('false');
    const toast = await screen.findByTestId('toast');
    expect(toast.querySelector('p')?.textContent).toBe('Your track has been deleted');

    await act(async () => fireEvent.click(within(toast).getByRole('button', { name: 'Undo' })));
    expect(addItem).toHaveBeenCalledWith('fav-1', 'song-b', 1);
    expect(heart().getAttribute('aria-pressed')).toBe('true');
  });

  it('pressed before the favourites have loaded, waits for them and then does the right thing', async () => {
    const list = deferred<UserPlaylistSummary[]>();
    vi.spyOn(playlistsApi, 'list').mockReturnValue(list.promise);
    const addFavorite = vi.spyOn(playlistsApi, 'addFavorite').mockResolvedValue(summary(['song-b']));
    const removeFavorite = vi.spyOn(playlistsApi, 'removeFavorite').mockResolvedValue(summary([]));
    renderHeart(viewerFixture());
    fireEvent.click(heart());
    // Unknown yet whether this adds or removes: nothing is sent.
    expect(addFavorite).not.toHaveBeenCalled();
    await act(async () => list.resolve([summary(['song-b'])]));
    await waitFor(() => expect(removeFavorite).toHaveBeenCalledWith('song-b'));
    expect(addFavorite).not.toHaveBeenCalled();
    expect(heart().getAttribute('aria-pressed')).toBe('false');
  });

  it('for a visitor opens the sign-in modal, and favourites the track once signed in from it', async () => {
    const list = vi.spyOn(playlistsApi, 'list').mockResolvedValue([summary([])]);
    const addFavorite = vi.spyOn(playlistsApi, 'addFavorite').mockResolvedValue(summary(['song-b']));
    const { signIn } = renderHeart(null);
    expect(heart().getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(heart());
    const dialog = await screen.findByRole('dialog');
    const login = within(dialog).getByRole('link', { name: 'Log in' });
    expect(login.getAttribute('href')).toBe('/auth/login?returnUrl=%2Fc%2Fgenres%2Frock');
    expect(list).not.toHaveBeenCalled();
    expect(hasPendingFavorite()).toBe(false);
    fireEvent.click(login);
    expect(hasPendingFavorite()).toBe(true);

    signIn(viewerFixture());
    await waitFor(() => expect(addFavorite).toHaveBeenCalledWith('song-b'));
    await waitFor(() => expect(heart().getAttribute('aria-pressed')).toBe('true'));
    expect(hasPendingFavorite()).toBe(false);
    expect(addFavorite).toHaveBeenCalledTimes(1);
  });

  it('does not favourite a remembered track for a user still registering, nor one an hour stale', async () => {
    vi.spyOn(playlistsApi, 'list').mockResolvedValue([summary([])]);
    const addFavorite = vi.spyOn(playlistsApi, 'addFavorite').mockResolvedValue(summary(['song-b']));
    rememberPendingFavorite('song-b', Date.now() - 2 * 60 * 60 * 1000);
    renderHeart(viewerFixture());
    await waitFor(() => expect(hasPendingFavorite()).toBe(false));
    expect(addFavorite).not.toHaveBeenCalled();

    cleanup();
    rememberPendingFavorite('song-b');
    renderHeart(viewerFixture({ registrationStep: 'add-phone' }));
    expect(heart().getAttribute('aria-haspopup')).toBe('dialog');
    expect(hasPendingFavorite()).toBe(true);
    expect(addFavorite).not.toHaveBeenCalled();
  });
});
