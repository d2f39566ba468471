import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Me } from '@cuewave/contract/account';
import { ApiError } from '../../lib/api';
import { viewerFixture } from '../../test/viewer-fixture';
import Login from './login';
import { getI18n, I18nextProvider } from 'react-i18next';
import { createI18n } from '../../i18n/create-i18n';
import { ALL_TEXTS } from '../../i18n/resources.server';
import type { AuthT } from '../../features/auth/messages';
import { signInErrorMessage, WRONG_CREDENTIALS } from './login-errors';

// The invisible captcha is its own unit; here it just answers.
const solve = vi.fn(async () => 'captcha-solution');
vi.mock('../../features/auth/captcha', () => ({
  useCaptcha: () => ({ solve, state: 'ready' }),
  CaptchaNotice: () => <p>captcha notice</p>,
}));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  solve.mockClear();
  document.cookie = 'cm-user-token=; path=/; max-age=0';
  localStorage.clear();
});

const me = (registrationStep: Me['registrationStep'] = null) =>
  viewerFixture({ email: 'me@example.com', registrationStep });

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const tokens = { access_token: 'tok', token_type: 'Bearer', expires_in: 900, refresh_token: 'r' };
const wrong = () => json({ error: 'wrong credentials or client not found', message: 'Wrong credentials' }, 401);
const captchaError = () => json({ error: 'recaptcha error', message: 'Captcha required' }, 400);

/** A fetch mock answering POST /auth/token with the given answers in turn and /auth/me with `viewer`. */
function mockApi(tokenAnswers: Array<() => Response>, viewer: Me = me()) {
  let i = 0;
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
    if (String(url) === '/api/auth/token') return (tokenAnswers[i++] ?? tokenAnswers.at(-1)!)();
    if (String(url) === '/api/auth/me') return json(viewer);
    if (String(url) === '/api/auth/ott/email') return new Response(null, { status: 202 });
    return json({ error: 'NOT_FOUND', message: 'x' }, 404);
  });
}

function renderLogin(initial = '/auth/login', language: 'en' | 'pl' = 'en') {
  const router = createMemoryRouter(
    [
      { path: '/auth/login', element: <Login /> },
      { path: '/', element: <p>home</p> },
      { path: '/register/verify-email', element: <p>verify email step</p> },
      { path: '/dashboard/account', element: <p>account page</p> },
      { path: '/auth/check-email', element: <p>check email page</p> },
    ],
    { initialEntries: [initial] },
  );
  // English by default (the test setup's instance); a Polish page gets its own instance, as a request would.
  render(
    language === 'en' ? (
      <RouterProvider router={router} />
    ) : (
      <I18nextProvider i18n={createI18n(language, ALL_TEXTS, false)}>
        <RouterProvider router={router} />
      </I18nextProvider>
    ),
  );
  return router;
}

function fill(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
}

const tokenBodies = (spy: ReturnType<typeof mockApi>) =>
  spy.mock.calls.filter(([url]) => String(url) === '/api/auth/token').map(([, init]) => String(init?.body));

describe('login page', () => {
  it('validates before posting and focuses the first problem', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderLogin();
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(screen.getByText('Enter your email address.')).toBeTruthy();
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toContain(
      'Enter your email address.',
    );
    expect(document.activeElement).toBe(email);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('checks the email when the field loses focus, and clears the error once fixed', () => {
    renderLogin();
    const email = screen.getByLabelText('Email');
    fireEvent.change(email, { target: { value: 'not-an-email' } });
    expect(screen.queryByText(/valid email/)).toBeNull(); // not while typing
    fireEvent.blur(email);
    expect(screen.getByText('Enter a valid email address, like name@example.com.')).toBeTruthy();
    fireEvent.change(email, { target: { value: 'me@example.com' } });
    expect(screen.queryByText(/valid email/)).toBeNull();
  });

  it('signs in with the password grant and goes home', async () => {
    const fetchSpy = mockApi([() => json(tokens)]);
    const router = renderLogin();
    fill('me@example.com', 'pw');
    fireEvent.click(screen.getByTestId('login-submit'));
    await screen.findByText('home');
    expect(tokenBodies(fetchSpy)).toEqual(['grant_type=password&username=me%40example.com&password=pw']);
    expect(router.state.location.pathname).toBe('/');
    // Other tabs reload through the storage event.
    expect(localStorage.getItem('authStateChanged')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('access')!)).toEqual({
      isRegisterComplete: true,
      isPendingPayment: false,
      isNoPlan: false,
    });
  });

  it('follows returnUrl once registration is complete', async () => {
    mockApi([() => json(tokens)]);
    renderLogin('/auth/login?returnUrl=%2Fdashboard%2Faccount');
    fill('me@example.com', 'pw');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('account page')).toBeTruthy();
  });

  it('sends an unfinished registration to its step rather than returnUrl', async () => {
    mockApi([() => json(tokens)], me('verify-email'));
    renderLogin('/auth/login?returnUrl=%2Fdashboard%2Faccount');
    fill('me@example.com', 'pw');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('verify email step')).toBeTruthy();
  });

  it('says the same thing for a wrong password and an unknown email', async () => {
    mockApi([wrong]);
    renderLogin();
    fill('nobody@example.com', 'pw');
    fireEvent.click(screen.getByTestId('login-submit'));
    const error = await screen.findByTestId('login-error');
    expect(error.textContent).toBe(WRONG_CREDENTIALS);
    expect(error.textContent).not.toMatch(/nobody|exist|found|account/i);
    expect(screen.queryByText('home')).toBeNull();
  });

  it('solves the captcha and retries once by itself when the API asks for it', async () => {
    const fetchSpy = mockApi([captchaError, () => json(tokens)]);
    renderLogin();
    fill('me@example.com', 'pw');
    fireEvent.click(screen.getByTestId('login-submit'));
    await screen.findByText('home');
    expect(solve).toHaveBeenCalledTimes(1);
    expect(tokenBodies(fetchSpy)).toEqual([
      'grant_type=password&username=me%40example.com&password=pw',
      'grant_type=password&username=me%40example.com&password=pw&captcha=captcha-solution',
    ]);
  });

  it('shows the captcha message when the automatic retry fails too, and sends a captcha from then on', async () => {
    const fetchSpy = mockApi([captchaError, captchaError, wrong]);
    renderLogin();
    fill('me@example.com', 'pw');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('login-error')).textContent).toMatch(/confirm you’re human/);
    expect(tokenBodies(fetchSpy)).toHaveLength(2);

    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(screen.getByTestId('login-error').textContent).toBe(WRONG_CREDENTIALS));
    expect(tokenBodies(fetchSpy)[2]).toContain('captcha=captcha-solution');
  });

  it('says how long to wait after too many attempts', async () => {
    mockApi([() => json({ error: 'TOO_MANY_REQUESTS', message: 'Slow down' }, 429, { 'retry-after': '280' })]);
    renderLogin();
    fill('me@example.com', 'pw');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('login-error')).textContent).toBe(
      'Too many sign-in attempts from this connection. Try again in 5 minutes, or email yourself a sign-in link.',
    );
  });

  it('emails a sign-in link for the address typed', async () => {
    const fetchSpy = mockApi([]);
    renderLogin();
    fireEvent.click(screen.getByTestId('email-link'));
    expect(screen.getByText('Enter your email address.')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'me@example.com' } });
    fireEvent.click(screen.getByTestId('email-link'));
    await screen.findByText('check email page');
    const call = fetchSpy.mock.calls.find(([url]) => String(url) === '/api/auth/ott/email')!;
    expect(JSON.parse(String(call[1]?.body))).toEqual({ email: 'me@example.com', captcha: 'captcha-solution' });
  });

  it('the show-password toggle reveals the password', () => {
    renderLogin();
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
  });

  it('links to password reset and registration', () => {
    renderLogin();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/auth/reset-password');
    expect(screen.getByRole('link', { name: /free 30-day trial/ }).getAttribute('href')).toBe('/register');
  });
});

const en = () => getI18n().getFixedT('en', 'auth') as AuthT;
const pl = () => getI18n().getFixedT('pl', 'auth') as AuthT;

describe('login page in Polish', () => {
  it('speaks Polish throughout, validation and the API’s answer included', async () => {
    mockApi([wrong]);
    renderLogin('/auth/login', 'pl');
    expect(screen.getByRole('heading', { name: 'Witaj ponownie' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Wpisz swój adres e-mail.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'me@example.com' } });
    fireEvent.change(screen.getByLabelText('Hasło'), { target: { value: 'whatever-123' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('login-error')).textContent).toContain('Nieprawidłowy e-mail lub hasło.');
    expect(screen.getByRole('button', { name: 'Pokaż hasło' })).toBeTruthy();
  });
});

describe('signInErrorMessage', () => {
  it('speaks the page’s language, with Polish plural forms for the wait', () => {
    expect(signInErrorMessage(new ApiError(429, { error: 'TOO_MANY_REQUESTS', message: 'x' }, 30), pl())).toBe(
      'Zbyt wiele prób logowania z tego połączenia. Spróbuj ponownie za 30 sekund albo wyślij sobie link do logowania.',
    );
    expect(signInErrorMessage(new ApiError(429, { error: 'TOO_MANY_REQUESTS', message: 'x' }, 120), pl())).toMatch(
      /za 2 minuty/,
    );
    expect(
      signInErrorMessage(new ApiError(401, { error: 'wrong credentials or client not found', message: '' }), pl()),
    ).toBe('Nieprawidłowy e-mail lub hasło.');
  });

  it('maps the API answers', () => {
    expect(
      signInErrorMessage(new ApiError(401, { error: 'wrong credentials or client not found', message: 'x' }), en()),
    ).toBe(WRONG_CREDENTIALS);
    expect(signInErrorMessage(new ApiError(429, { error: 'TOO_MANY_REQUESTS', message: 'x' }, 30), en())).toBe(
      'Too many sign-in attempts from this connection. Try again in 30 seconds, or email yourself a sign-in link.',
    );
    expect(signInErrorMessage(new ApiError(429, { error: 'TOO_MANY_REQUESTS', message: 'x' }), en())).toBe(
      'Too many sign-in attempts from this connection. Try again in a moment, or email yourself a sign-in link.',
    );
    expect(
      signInErrorMessage(new ApiError(403, { error: 'account not confirmed', message: 'Confirm first.' }), en()),
    ).toBe('Confirm first.');
    expect(signInErrorMessage(new ApiError(503, { error: 'SERVICE_UNAVAILABLE', message: 'db down' }), en())).toMatch(
      /not available right now/,
    );
    expect(signInErrorMessage(new TypeError('Failed to fetch'), en())).toMatch(/couldn’t reach the server/);
  });
});
