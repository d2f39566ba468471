import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { activeCatalogTab, CatalogSwitcher } from './catalog-switcher';

afterEach(cleanup);

describe('catalogue switcher', () => {
  it('knows which tab a path belongs to', () => {
    expect(activeCatalogTab('/c/genres/rock/all')).toBe('genres');
    expect(activeCatalogTab('/us/c/moods')).toBe('moods');
    expect(activeCatalogTab('/c/playlists/abc')).toBe('playlists');
    expect(activeCatalogTab('/c/playlists/favorites')).toBe('favorites');
    expect(activeCatalogTab('/c/song/x')).toBeNull();
  });

  it('links every section and marks the current one; favourites asks a signed-out visitor to sign in', async () => {
    const router = createMemoryRouter([{ path: '*', element: <CatalogSwitcher /> }], {
      initialEntries: ['/c/sfx/whoosh'],
    });
    render(<RouterProvider router={router} />);
    const nav = screen.getByRole('navigation', { name: 'Catalogue sections' });
    const hrefs = Array.from(nav.querySelectorAll('a')).map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      '/c/genres',
      '/c/top-music',
      '/c/moods',
      '/c/sfx',
      '/c/reels',
      '/c/playlists',
      '/c/playlists/favorites',
    ]);
    expect(screen.getByRole('link', { name: 'Sound effects' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('link', { name: 'Favourites' }));
    expect(router.state.location.pathname).toBe('/c/sfx/whoosh');
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toMatch(/account/);
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      '/auth/login?returnUrl=%2Fc%2Fplaylists%2Ffavorites',
    );
    expect(screen.getByRole('link', { name: 'Start free trial' }).getAttribute('href')).toBe('/register');
  });
});
