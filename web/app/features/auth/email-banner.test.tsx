import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Me } from '@cuewave/contract/account';
import { ToastProvider } from '../../components/ui/toast';
import { viewerFixture } from '../../test/viewer-fixture';
import { EmailBanner } from './email-banner';

vi.mock('./captcha', () => ({
  useCaptcha: () => ({ solve: async () => 'captcha-solution', state: 'ready' }),
  solveCaptcha: async () => 'captcha-solution',
  CaptchaNotice: () => null,
}));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const me = (confirmedEmail: boolean) =>
  viewerFixture({ confirmedEmail, registrationStep: confirmedEmail ? 'select-plan' : 'verify-email' });

function renderBanner(viewer: Me | null, path = '/c/genres') {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <ToastProvider>
            <EmailBanner me={viewer} />
          </ToastProvider>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

describe('unconfirmed email banner (spec §2 root shell)', () => {
  it('shows only to a signed-in user whose email is unconfirmed, and not on register paths', () => {
    renderBanner(me(false));
    expect(screen.getByTestId('email-banner').textContent).toContain('ada@example.com');
    expect(screen.getByRole('link', { name: 'Enter your code' }).getAttribute('href')).toBe('/register/verify-email');
    cleanup();
    renderBanner(me(true));
    expect(screen.queryByTestId('email-banner')).toBeNull();
    cleanup();
    renderBanner(null);
    expect(screen.queryByTestId('email-banner')).toBeNull();
    cleanup();
    renderBanner(me(false), '/us/register/verify-email');
    expect(screen.queryByTestId('email-banner')).toBeNull();
  });

  it('resends the code with a captcha and confirms with a toast', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}', { status: 202 }));
    renderBanner(me(false));
    fireEvent.click(screen.getByTestId('email-banner-resend'));
    expect((await screen.findByRole('status')).textContent).toBe('We sent a new code to ada@example.com.');
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/v1/account/email/resend');
    expect(JSON.parse(String(init?.body))).toEqual({ captcha: 'captcha-solution' });
  });

  it('says when another code can be asked for after a 429', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ error: 'TOO_MANY_REQUESTS', message: 'x' }), {
        status: 429,
        headers: { 'retry-after': '25' },
      }),
    );
    renderBanner(me(false));
    fireEvent.click(screen.getByTestId('email-banner-resend'));
    await vi.waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('You can ask for a new code in 25 seconds.'),
    );
  });
});
