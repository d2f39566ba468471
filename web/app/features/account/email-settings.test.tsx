import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Me } from '@cuewave/contract/account';
import { ToastProvider } from '../../components/ui/toast';
import { viewerFixture } from '../../test/viewer-fixture';
import { EmailSettings } from './email-settings';

vi.mock('../auth/captcha', () => ({
  useCaptcha: () => ({ solve: async () => 'captcha-solution', state: 'ready' }),
  CaptchaNotice: () => null,
}));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function viewer({
  pendingEmail = null,
  confirmedEmail = true,
}: {
  pendingEmail?: string | null;
  confirmedEmail?: boolean;
}) {
  const me = viewerFixture({ confirmedEmail });
  return { ...me, account: { ...me.account, pendingEmail } } satisfies Me;
}

function renderSettings(me: Me) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <ToastProvider>
            <EmailSettings me={me} />
          </ToastProvider>
        ),
      },
    ],
    { initialEntries: ['/dashboard/account'] },
  );
  render(<RouterProvider router={router} />);
}

const calls = (spy: { mock: { calls: Array<[RequestInfo | URL, RequestInit?]> } }) =>
  spy.mock.calls.map(([url, init]) => [String(url), init?.method ?? 'GET']);

describe('account email settings (decision 048)', () => {
  it('shows a pending new email as pending, with the address that still signs in, and cancels it', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(viewer({}).account));
    renderSettings(viewer({ pendingEmail: 'new@example.com' }));

    expect(screen.getByTestId('account-email-value').textContent).toBe('ada@example.com');
    expect(screen.getByTestId('account-email').textContent).toContain('Confirmed');
    const pending = screen.getByTestId('pending-email');
    expect(pending.textContent).toContain('Pending confirmation: new@example.com');
    expect(pending.textContent).toContain('Until you do, you keep signing in with ada@example.com');
    expect(screen.getByRole('button', { name: 'Confirm new email' })).toBeTruthy();

    fireEvent.click(screen.getByTestId('cancel-email-change'));
    expect((await screen.findByRole('status')).textContent).toBe(
      'The change was cancelled. You still sign in with ada@example.com.',
    );
    expect(calls(fetchSpy)).toContainEqual(['/api/v1/account/email/pending', 'DELETE']);
  });

  it('shows no pending panel and no confirm panel for a confirmed email without a change', () => {
    renderSettings(viewer({}));
    expect(screen.queryByTestId('pending-email')).toBeNull();
    expect(screen.queryByText('Confirm your email')).toBeNull();
  });

  it('asks for the code of an unconfirmed email, not of a pending one, when nothing is pending', () => {
    renderSettings(viewer({ confirmedEmail: false }));
    expect(screen.getByText('Confirm your email')).toBeTruthy();
    expect(screen.queryByTestId('pending-email')).toBeNull();
  });

  it('says the old address keeps signing in after asking for a change', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(json({ ...viewer({}).account, pendingEmail: 'new@example.com' }));
    renderSettings(viewer({}));
    fireEvent.click(screen.getByTestId('change-email'));
    expect(screen.getByText(/You keep signing in with ada@example.com until you confirm it/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('New email'), { target: { value: 'New@Example.com' } });
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'Correct-horse-42' } });
    fireEvent.click(screen.getByTestId('save-email'));

    // The toast, and its announcement to screen readers.
    const told = await screen.findAllByText(
      'We sent a code to new@example.com. You keep signing in with ada@example.com until you enter it.',
    );
    expect(told.length).toBeGreaterThan(0);
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(String(url)).toBe('/api/v1/account');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'new@example.com', currentPassword: 'Correct-horse-42' });
  });

  it('says nothing changed when the confirmation email cannot be sent', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json({ error: 'SERVICE_UNAVAILABLE', message: 'Mail is down' }, 503),
    );
    renderSettings(viewer({}));
    fireEvent.click(screen.getByTestId('change-email'));
    fireEvent.change(screen.getByLabelText('New email'), { target: { value: 'new@example.com' } });
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'Correct-horse-42' } });
    fireEvent.click(screen.getByTestId('save-email'));
    expect(
      await screen.findByText(
        'We couldn’t send the email just now, so nothing was changed. Please try again in a minute.',
      ),
    ).toBeTruthy();
  });
});
