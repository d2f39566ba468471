import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { UserPlaylist, UserPlaylistSummary } from '@cuewave/contract/playlists';
import { CatalogToastProvider } from '../../components/ui/toast';
import { playlistsApi } from './api';
import { PlaylistList } from './playlist-list';

function summary(id: string, name: string, overrides: Partial<UserPlaylistSummary> = {}): UserPlaylistSummary {
  return {
    id,
    name,
    description: '',
    public: false,
    fileID: null,
    trackCount: 0,
    duration: 0,
    createTS: Date.UTC(2026, 10, 1),
    updateTS: Date.UTC(2026, 10, 2),
    note: null,
    favorites: false,
    owned: true,
    itemIds: [],
    ...overrides,
  };
}

function renderList(initial: UserPlaylistSummary[], failed = false) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <CatalogToastProvider>
            <PlaylistList initial={initial} failed={failed} />
          </CatalogToastProvider>
        ),
      },
    ],
    { initialEntries: ['/dashboard/playlists'] },
  );
  render(<RouterProvider router={router} />);
}

const toastTexts = () => screen.queryAllByTestId('toast').map((t) => t.querySelector('p')?.textContent);
const names = () => screen.queryAllByTestId('playlist-card').map((c) => c.querySelector('span span')?.textContent);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the dashboard playlist list', () => {
  it('lists playlists with counts and visibility, Favourites first, with an empty state when there are none', () => {
    renderList([
      summary('fav', 'Favorites', { favorites: true, trackCount: 4, itemIds: ['a', 'b', 'c', 'd'] }),
      summary('p1', 'Road trip', { trackCount: 1, public: true }),
    ]);
    expect(screen.getByTestId('playlist-card-favorites').textContent).toContain('4 tracks');
    const card = screen.getByTestId('playlist-card');
    expect(card.textContent).toContain('Road trip');
    expect(card.textContent).toContain('1 track ·');
    expect(card.textContent).toContain('Public');
    expect(card.getAttribute('href')).toBe('/dashboard/playlists/p1');
    cleanup();
    renderList([]);
    expect(screen.getByRole('heading', { name: 'No playlists yet' })).toBeTruthy();
  });

  it('creates a playlist with the spec message, or says it failed', async () => {
    const create = vi
      .spyOn(playlistsApi, 'create')
      .mockResolvedValueOnce({ ...summary('p2', 'Trailer cues'), items: [], notes: {} } as UserPlaylist)
      .mockRejectedValueOnce(new Error('409'));
    renderList([summary('p1', 'Road trip')]);
    const field = screen.getByLabelText('New playlist');

    fireEvent.click(screen.getByRole('button', { name: 'Create playlist' }));
    expect(screen.getByText('Give the playlist a name.')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();

    fireEvent.change(field, { target: { value: '  Trailer cues ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create playlist' })));
    expect(create).toHaveBeenCalledWith({ name: 'Trailer cues' });
    expect(names()).toEqual(['Trailer cues', 'Road trip']);
    expect(toastTexts()).toEqual(['Your playlist has been created in dashboard']);

    fireEvent.change(field, { target: { value: 'Another' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create playlist' })));
    expect(toastTexts()[0]).toBe('Failed to create playlist.');
    expect(names()).toEqual(['Trailer cues', 'Road trip']);
  });

  it('deletes after confirming, or keeps it and says it failed', async () => {
    const remove = vi
      .spyOn(playlistsApi, 'remove')
      .mockRejectedValueOnce(new Error('500'))
      .mockResolvedValueOnce(undefined);
    renderList([summary('p1', 'Road trip'), summary('p2', 'Trailer cues')]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Road trip' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this playlist?' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete playlist' })));
    expect(toastTexts()).toEqual(['Failed to delete playlist.']);
    expect(names()).toEqual(['Road trip', 'Trailer cues']);

    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete playlist' })));
    expect(remove).toHaveBeenLastCalledWith('p1');
    expect(toastTexts()[0]).toBe('Your playlist has been deleted');
    expect(names()).toEqual(['Trailer cues']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
