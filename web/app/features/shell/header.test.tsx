import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import type { Me } from '@cuewave/contract/account';
import { viewerFixture } from '../../test/viewer-fixture';
import { resetReturningCustomerCache } from '../registration/returning-customer';
import { Header } from './header';

// The menu and the favourites modal load on first open; load them up front so the waits below time the header.
beforeAll(() => Promise.all([import('./burger-menu'), import('./favorites-modal')]));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  resetReturningCustomerCache();
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

  it('the favourites heart opens the sign-in modal for a visitor', async () => {
    const router = renderHeader(null);
    fireEvent.click(screen.getByTestId('header-favorites'));
    // The modal's code loads on the first open (issue 15).
    expect(await screen.findByRole('dialog')).toBeTruthy();
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

/**
 * Back in the registration order at its last step with both verifications done: a new registrant
 * who chose a paid plan, or a customer whose plan ended or was cancelled (decision 051).
 */
const atCheckout = ({ trialUsed = false } = {}): Me => {
  const base = viewerFixture({ registrationStep: 'details' });
  return {
    ...base,
    account: {
      ...base.account,
      phone: '+48601234567',
      confirmedPhone: true,
      signupPlan: 'start',
      signupPeriod: 'month',
    },
    access: { ...base.access, isTrialUsed: trialUsed },
  };
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** GET /v1/subscription/list/my answers `history`; anything else (genres of the burger menu) an empty list. */
function answerHistory(history: unknown[] | 'fail') {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    if (String(input).endsWith('/api/v1/subscription/list/my')) {
      return history === 'fail' ? json({ error: 'INTERNAL', message: 'boom' }, 500) : json(history);
    }
    return json([]);
  });
}

const historyCalls = (spy: ReturnType<typeof answerHistory>) =>
  spy.mock.calls.filter(([input]) => String(input).endsWith('/v1/subscription/list/my')).length;

const ENDED_START = { id: 's1', planType: 'start', status: 'ended' };

describe('header for a returning customer (decision 051)', () => {
  it('offers a former trial user "Choose a plan" leading to the plan choice, not "Finish sign-up"', () => {
    const spy = answerHistory([]);
    renderHeader(atCheckout({ trialUsed: true }));
    const link = screen.getByRole('link', { name: 'Choose a plan' });
    expect(link.getAttribute('href')).toBe('/register/select-plan');
    expect(link.getAttribute('data-testid')).toBe('header-choose-plan');
    expect(screen.queryByText('Finish sign-up')).toBeNull();
    // /auth/me already tells: no extra call.
    expect(historyCalls(spy)).toBe(0);
  });

  it('asks the history for a former paid subscriber and then offers "Choose a plan"', async () => {
    const spy = answerHistory([ENDED_START]);
    renderHeader(atCheckout());
    const link = await screen.findByRole('link', { name: 'Choose a plan' });
    expect(link.getAttribute('href')).toBe('/register/select-plan');
    expect(screen.queryByText('Finish sign-up')).toBeNull();
    expect(historyCalls(spy)).toBe(1);
  });

  it('keeps "Finish sign-up" for a new registrant at the same step (no plan in the history)', async () => {
    answerHistory([]);
    renderHeader(atCheckout());
    const link = await screen.findByRole('link', { name: 'Finish sign-up' });
    expect(link.getAttribute('href')).toBe('/register');
    expect(screen.queryByText('Choose a plan')).toBeNull();
  });

  it('shows no label at all until the history has answered, then "Finish sign-up" when it fails', async () => {
    let fail: (() => void) | null = null;
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      (input) =>
        new Promise((resolve) => {
          if (!String(input).endsWith('/v1/subscription/list/my')) return resolve(json([]));
          fail = () => resolve(json({ error: 'FORBIDDEN', message: 'no' }, 403));
        }),
    );
    renderHeader(atCheckout());
    await vi.waitFor(() => expect(fail).not.toBeNull());
    expect(screen.queryByText('Finish sign-up')).toBeNull();
    expect(screen.queryByText('Choose a plan')).toBeNull();
    fail!();
    expect((await screen.findByRole('link', { name: 'Finish sign-up' })).getAttribute('href')).toBe('/register');
  });

  it('keeps "Finish sign-up" without asking for a registrant whose phone is not confirmed, even after a trial', () => {
    const spy = answerHistory([ENDED_START]);
    const me = atCheckout({ trialUsed: true });
    renderHeader({ ...me, account: { ...me.account, confirmedPhone: false }, registrationStep: 'verify-phone' });
    expect(screen.getByRole('link', { name: 'Finish sign-up' }).getAttribute('href')).toBe('/register');
    expect(historyCalls(spy)).toBe(0);
  });

  it('shows neither button to a member with a finished registration', () => {
    const spy = answerHistory([ENDED_START]);
    renderHeader({ ...atCheckout({ trialUsed: true }), registrationStep: null });
    expect(screen.queryByText('Finish sign-up')).toBeNull();
    expect(screen.queryByText('Choose a plan')).toBeNull();
    expect(historyCalls(spy)).toBe(0);
  });

  it('words the burger menu the same way', async () => {
    answerHistory([ENDED_START]);
    renderHeader(atCheckout());
    await screen.findByTestId('header-choose-plan');
    fireEvent.click(screen.getByTestId('burger-button'));
    const menu = within(await screen.findByTestId('burger-menu'));
    expect(menu.getByRole('link', { name: 'Choose a plan' }).getAttribute('href')).toBe('/register/select-plan');
    expect(menu.queryByText('Finish sign-up')).toBeNull();
  });

  it('words the burger menu "Finish sign-up" for a new registrant', async () => {
    answerHistory([]);
    renderHeader(atCheckout());
    await screen.findByTestId('finish-signup');
    fireEvent.click(screen.getByTestId('burger-button'));
    const menu = within(await screen.findByTestId('burger-menu'));
    expect(menu.getByTestId('menu-finish-signup').getAttribute('href')).toBe('/register');
    expect(menu.queryByText('Choose a plan')).toBeNull();
  });
});
