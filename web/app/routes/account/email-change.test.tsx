import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import EmailChangePage from './email-change';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderPage(search: string) {
  const router = createMemoryRouter([{ path: '/account/email-change', element: <EmailChangePage /> }], {
    initialEntries: [`/account/email-change${search}`],
  });
  render(<RouterProvider router={router} />);
}

describe('/account/email-change (decision 048)', () => {
  it('undoes only on a click, then leads to choosing a new password', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(json({ email: 'old@example.com', resetToken: 'reset/1' }));
    renderPage('?undo=undo-token');
    expect(screen.getByRole('heading', { name: 'Undo the email change?' })).toBeTruthy();
    // A mail scanner opening the link must not undo anything.
    expect(fetchSpy).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId('email-undo-confirm'));
    const done = await screen.findByTestId('email-undo-done');
    expect(done.textContent).toContain('You sign in with old@example.com again');
    expect(screen.getByTestId('email-undo-new-password').getAttribute('href')).toBe(
      '/auth/change-password?token=reset%2F1',
    );
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(String(url)).toBe('/api/v1/account/email/undo');
    expect(JSON.parse(String(init?.body))).toEqual({ token: 'undo-token' });
    // This browser's session was signed out with every other: its cookies go too.
    expect(fetchSpy.mock.calls.map(([u]) => String(u))).toContain('/api/auth/revoke');
  });

  it('says when an undo link is spent or expired, and keeps the page', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json({ error: 'can not find account by token', message: 'gone' }, 404),
    );
    renderPage('?undo=spent');
    fireEvent.click(screen.getByTestId('email-undo-confirm'));
    expect((await screen.findByTestId('email-undo-error')).textContent).toBe(
      'This link has expired, was already used, or a newer one replaced it.',
    );
  });

  it('confirms a new email from its link at once', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(json({ email: 'new@example.com', confirmedEmail: true }));
    renderPage('?confirm=confirm-token');
    expect((await screen.findByTestId('email-change-confirmed')).textContent).toContain(
      'You now sign in with new@example.com',
    );
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(String(url)).toBe('/api/v1/account/email/verify');
    expect(JSON.parse(String(init?.body))).toEqual({ token: 'confirm-token' });
    expect(screen.getByTestId('email-change-continue').getAttribute('href')).toBe('/auth/login');
  });

  it('explains a confirm link that another account beat to the address', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ error: 'EMAIL_TAKEN', message: 'taken' }, 409));
    renderPage('?confirm=late');
    expect((await screen.findByTestId('email-change-failed')).textContent).toContain(
      'Another account uses this address now',
    );
  });

  it('says a link without its token is incomplete', () => {
    renderPage('');
    expect(screen.getByTestId('email-change-bad-link')).toBeTruthy();
  });
});
