import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import type { Me } from '@cuewave/contract/account';
import { viewerFixture } from '../../test/viewer-fixture';
import { Header } from './header';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const viewer = (registrationStep: Me['registrationStep'] = null) => viewerFixture({ registrationStep });

/** The header under a root route whose loader data carries the viewer, as in root.tsx. */
function renderHeader(me: Me | null) {
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        loader: () => ({ me }),
        element: (
          <>
            <Header />
            <Outlet />
          </>
        ),
        children: [
          { index: true, element: <p>home</p> },
          { path: 'c/playlists/favorites', element: <p>favourites page</p> },
        ],
      },
    ],
    { initialEntries: ['/'], hydrationData: { loaderData: { root: { me } } } },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const mainNav = () => within(screen.getByRole('navigation', { name: 'Main' }));

describe('header account state (spec §2)', () => {
  it('offers log in and a free trial to a visitor, with In-store in the navigation', () => {
    renderHeader(null);
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/auth/login');
    expect(screen.getByRole('link', { name: 'Start free trial' }).getAttribute('href')).toBe('/register');
    expect(mainNav().getByRole('link', { name: 'In-store' })).toBeTruthy();
    expect(screen.queryByTestId('account-menu-button')).toBeNull();
  });

  it('the favourites heart opens the sign-in modal for a visitor', () => {
    const router = renderHeader(null);
    fireEvent.click(screen.getByTestId('header-favorites'));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the account menu to a signed-in user and hides In-store and the sign-in buttons', () => {
    renderHeader(viewer());
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Start free trial' })).toBeNull();
    expect(screen.queryByTestId('finish-signup')).toBeNull();
    expect(mainNav().queryByRole('link', { name: 'In-store' })).toBeNull();

    const button = screen.getByRole('button', { name: 'Account menu for ada@example.com' });
    const panel = screen.getByTestId('account-menu');
    expect(panel.hidden).toBe(true);
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
    expect(panel.textContent).toContain('ada@example.com');
    expect(within(panel).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(within(panel).getByRole('link', { name: 'Account' }).getAttribute('href')).toBe('/dashboard/account');
    expect(within(panel).getByRole('button', { name: 'Log out' })).toBeTruthy();

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(panel.hidden).toBe(true);
    expect(document.activeElement).toBe(button);
  });

  it('sends a signed-in user straight to the favourites', async () => {
    const router = renderHeader(viewer());
    fireEvent.click(screen.getByTestId('header-favorites'));
    expect(await screen.findByText('favourites page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/c/playlists/favorites');
  });

  it('asks a user with an unfinished registration to finish it', () => {
    renderHeader(viewer('add-phone'));
    expect(screen.getByTestId('finish-signup').getAttribute('href')).toBe('/register');
    expect(screen.getByTestId('account-menu-button')).toBeTruthy();
  });

  it('logging out revokes the session, clears the stores, tells other tabs and goes home', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}', { status: 200 }));
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, pathname: '/c/genres', assign });
    document.cookie = 'cm-user-token=abc; path=/';
    sessionStorage.setItem('signup', '{"plan":"trial"}');
    localStorage.setItem('access', '{"isNoPlan":false}');
    renderHeader(viewer());
    fireEvent.click(screen.getByTestId('account-menu-button'));
    fireEvent.click(screen.getByTestId('logout'));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(String(fetchSpy.mock.calls[0]![0])).toBe('/api/auth/revoke');
    expect(fetchSpy.mock.calls[0]![1]?.method).toBe('POST');
    expect(document.cookie).not.toContain('cm-user-token=abc');
    expect(sessionStorage.getItem('signup')).toBeNull();
    expect(localStorage.getItem('access')).toBeNull();
    expect(localStorage.getItem('authStateChanged')).toBeTruthy();
  });
});
