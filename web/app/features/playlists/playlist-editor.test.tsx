import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Product } from '@cuewave/contract/catalog';
import type { UserPlaylist, UserPlaylistSummary } from '@cuewave/contract/playlists';
import { CatalogToastProvider } from '../../components/ui/toast';
import { playlistsApi } from './api';
import { PlaylistEditor, REORDER_SAVE_DELAY_MS } from './playlist-editor';

function product(id: string): Product {
  return {
    id,
    type: 'music',
    title: `Song ${id.toUpperCase()}`,
    artist: { id: 'artist', name: 'Nova Lane' },
    bpm: 120,
    duration: 120,
    vocal: false,
    cover: null,
    genres: [],
    subgenres: [],
    categories: [],
    moods: [],
    tags: [],
    files: [],
  };
}

function playlist(ids: string[], overrides: Partial<UserPlaylist> = {}): UserPlaylist {
  return {
    id: 'pl-1',
    name: 'Road trip',
    description: '',
    public: false,
    fileID: null,
    trackCount: ids.length,
    duration: ids.length * 120,
    createTS: 1,
    updateTS: 1,
    note: null,
    favorites: false,
    owned: true,
    itemIds: ids,
    items: ids.map(product),
    notes: { b: 'Use the second chorus' },
    ...overrides,
  };
}

const summaryOf = ({ items: _i, notes: _n, ...rest }: UserPlaylist): UserPlaylistSummary => rest;

function renderEditor(initial: UserPlaylist) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <CatalogToastProvider>
            <PlaylistEditor playlist={initial} />
          </CatalogToastProvider>
        ),
      },
    ],
    { initialEntries: ['/dashboard/playlists/pl-1'] },
  );
  render(<RouterProvider router={router} />);
}

const order = () => screen.getAllByTestId('playlist-item').map((row) => row.dataset.productId);
const toastTexts = () => screen.queryAllByTestId('toast').map((t) => t.querySelector('p')?.textContent);

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the playlist editor', () => {
  it('removes a track at once and Undo puts it back in the same position', async () => {
    vi.spyOn(playlistsApi, 'removeItem').mockResolvedValue(summaryOf(playlist(['a', 'c'])));
    const addItem = vi.spyOn(playlistsApi, 'addItem').mockResolvedValue(summaryOf(playlist(['a', 'b', 'c'])));
    renderEditor(playlist(['a', 'b', 'c']));
    expect(order()).toEqual(['a', 'b', 'c']);
    // The private note shows on its row.
    expect(within(screen.getAllByTestId('playlist-item')[1]!).getByTestId('product-note-text').textContent).toBe(
      'Use the second chorus',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Remove Song B from the playlist' }));
    expect(order()).toEqual(['a', 'c']);
    await act(async () => {});
    expect(toastTexts()).toEqual(['Your track has been deleted']);
    // Focus moved on to the next track's remove button, not lost with the row.
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Remove Song C from the playlist');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Undo' })));
    expect(addItem).toHaveBeenCalledWith('pl-1', 'b', 1);
    expect(order()).toEqual(['a', 'b', 'c']);
  });

  it('puts the track back and says so when removing fails', async () => {
    vi.spyOn(playlistsApi, 'removeItem').mockRejectedValue(new Error('500'));
    renderEditor(playlist(['a', 'b', 'c']));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Song A from the playlist' }));
    await act(async () => {});
    expect(order()).toEqual(['a', 'b', 'c']);
    expect(toastTexts()).toEqual(['Failed to remove track.']);
  });

  it('reorders with the keyboard, keeps focus on the handle and saves the order once', async () => {
    const update = vi.spyOn(playlistsApi, 'update').mockResolvedValue(playlist(['b', 'c', 'a']));
    renderEditor(playlist(['a', 'b', 'c']));
    const handle = screen.getByRole('button', { name: 'Reorder Song A, position 1 of 3' });
    handle.focus();
    fireEvent.keyDown(handle, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(order()).toEqual(['b', 'c', 'a']);
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Reorder Song A, position 3 of 3');
    expect(screen.getByText('Moved Song A to position 3 of 3.')).toBeTruthy();
    // (No "not called yet" check here: the fake clock also follows real time, and a loaded runner can pass
    // the save delay between the key presses and that line. Two moves, one save is what matters.)

    await act(async () => vi.advanceTimersByTime(REORDER_SAVE_DELAY_MS + 10));
    expect(update).toHaveBeenCalledTimes(1);
    expect(update).toHaveBeenCalledWith('pl-1', { items: ['b', 'c', 'a'] });
    expect(toastTexts()).toEqual(['Playlist updated successfully!']);
  });

  it('goes back to the saved order when saving a move fails', async () => {
    vi.spyOn(playlistsApi, 'update').mockRejectedValue(new Error('500'));
    renderEditor(playlist(['a', 'b']));
    fireEvent.click(screen.getByRole('button', { name: 'Move Song B up' }));
    expect(order()).toEqual(['b', 'a']);
    await act(async () => vi.advanceTimersByTime(REORDER_SAVE_DELAY_MS + 10));
    expect(order()).toEqual(['a', 'b']);
    expect(toastTexts()).toEqual(['Failed to update playlist.']);
  });

  it('switches a playlist public with its message, and back on failure', async () => {
    const update = vi
      .spyOn(playlistsApi, 'update')
      .mockResolvedValueOnce(playlist(['a'], { public: true }))
      .mockRejectedValueOnce(new Error('500'));
    renderEditor(playlist(['a']));
    const toggle = screen.getByRole('switch', { name: 'Public playlist' });
    await act(async () => fireEvent.click(toggle));
    expect(update).toHaveBeenCalledWith('pl-1', { public: true });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(toastTexts()).toEqual(['Your playlist is now public']);
    expect(screen.getByTestId('share-link').dataset.url).toMatch(/\/c\/playlists\/u\/pl-1$/);

    await act(async () => fireEvent.click(toggle));
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(toastTexts()[0]).toBe('Failed to update playlist.');
  });
});
