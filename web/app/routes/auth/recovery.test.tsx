import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import ChangePassword from './change-password';
import ResetPassword from './reset-password';

vi.mock('../../features/auth/captcha', () => ({
  useCaptcha: () => ({ solve: async () => 'captcha-solution', state: 'ready' }),
  CaptchaNotice: () => null,
}));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/auth/reset-password', element: <ResetPassword /> },
      { path: '/auth/change-password', element: <ChangePassword /> },
      { path: '/auth/check-email', element: <p>check email page</p> },
      { path: '/auth/change-confirmed', element: <p>confirmed page</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('reset password', () => {
  it('requests the link and hands the address to the check-email page', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({}, 202));
    const router = renderAt('/auth/reset-password');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'Me@Example.com ' } });
    fireEvent.click(screen.getByTestId('reset-submit'));
    await screen.findByText('check email page');
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/v1/account/password/reset');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'Me@Example.com', captcha: 'captcha-solution' });
    expect(router.state.location.state).toEqual({ email: 'Me@Example.com', kind: 'reset' });
  });

  it('refuses an invalid address before calling the API', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderAt('/auth/reset-password');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'me@' } });
    fireEvent.click(screen.getByTestId('reset-submit'));
    expect(screen.getByText('Enter a valid email address, like name@example.com.')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('says how long to wait when rate limited', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json({ error: 'TOO_MANY_REQUESTS', message: 'x' }, 429, { 'retry-after': '1800' }),
    );
    renderAt('/auth/reset-password');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'me@example.com' } });
    fireEvent.click(screen.getByTestId('reset-submit'));
    expect((await screen.findByTestId('reset-error')).textContent).toBe(
      'Too many requests. You can ask for another reset link in 30 minutes.',
    );
  });
});

describe('change password', () => {
  function fill(password: string, confirm: string) {
    fireEvent.change(screen.getByTestId('new-password'), { target: { value: password } });
    fireEvent.change(screen.getByTestId('confirm-password'), { target: { value: confirm } });
    fireEvent.click(screen.getByTestId('change-password-submit'));
  }

  it('without a token, says the link is unusable and offers a new one', () => {
    renderAt('/auth/change-password');
    expect(screen.getByTestId('change-password-bad-token')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/auth/reset-password');
  });

  it('applies the password rule and the repeat check before calling the API', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderAt('/auth/change-password?token=t1');
    fill('short', 'short');
    expect(screen.getByText('Use at least 10 characters.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByTestId('new-password'));
    fill('Long-enough-pass-1', 'Long-enough-pass-2');
    expect(screen.getByText('The passwords don’t match.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByTestId('confirm-password'));
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('changes the password with the token, tells other tabs and confirms', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({}));
    renderAt('/auth/change-password?token=t1');
    fill('Long-enough-pass-1', 'Long-enough-pass-1');
    await screen.findByText('confirmed page');
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/v1/account/password/change');
    expect(JSON.parse(String(init?.body))).toEqual({ token: 't1', password: 'Long-enough-pass-1' });
    expect(localStorage.getItem('authStateChanged')).toBeTruthy();
  });

  it('turns a used or expired token into the "link can’t be used" page', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json({ error: 'can not find account by token', message: 'Invalid token' }, 404),
    );
    renderAt('/auth/change-password?token=used');
    fill('Long-enough-pass-1', 'Long-enough-pass-1');
    expect(await screen.findByTestId('change-password-bad-token')).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('This link can’t be used');
  });

  it('shows the API’s weak-password reason on the field', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json({ error: 'WEAK_PASSWORD', message: 'Your password must not be your email address.' }, 400),
    );
    renderAt('/auth/change-password?token=t1');
    fill('Long-enough-pass-1', 'Long-enough-pass-1');
    expect(await screen.findByText('Your password must not be your email address.')).toBeTruthy();
    expect(screen.getByTestId('new-password').getAttribute('aria-invalid')).toBe('true');
  });
});
