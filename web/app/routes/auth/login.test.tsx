import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import Login from './login';
import { SIGN_IN_UNAVAILABLE, signInErrorMessage } from './login-errors';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderLogin() {
  const router = createMemoryRouter(
    [
      { path: '/auth/login', element: <Login /> },
      { path: '/', element: <p>home</p> },
    ],
    {
      initialEntries: ['/auth/login'],
    },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('login page', () => {
  it('validates before posting', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderLogin();
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(screen.getByText('Enter your email address.')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('posts a password grant and says honestly when sign-in does not exist yet', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify({ error: 'NOT_FOUND', message: 'No route' }), { status: 404 }));
    renderLogin();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'me@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'pw' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('login-error')).textContent).toBe(SIGN_IN_UNAVAILABLE);
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/auth/token');
    expect(init?.method).toBe('POST');
    expect(String(init?.body)).toBe('grant_type=password&username=me%40example.com&password=pw');
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

describe('signInErrorMessage', () => {
  it('shows the server message for other failures', () => {
    expect(signInErrorMessage(401, { error: 'wrong credentials or client not found', message: 'x' })).toMatch(
      /don’t match/,
    );
    expect(signInErrorMessage(403, { error: 'account not confirmed', message: 'Confirm your email first.' })).toBe(
      'Confirm your email first.',
    );
    expect(signInErrorMessage(404, null)).toBe(SIGN_IN_UNAVAILABLE);
  });
});
