import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import type { Me } from '@cuewave/contract/account';
import RegisterLayout from '../../layouts/register-layout';
import { viewerFixture } from '../../test/viewer-fixture';
import { AbandonModal } from './abandon-modal';
import { resetReturningCustomerCache } from './returning-customer';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  resetReturningCustomerCache();
});

describe('abandon-registration modal wording', () => {
  it('asks a new registrant about leaving registration', () => {
    render(<AbandonModal open returning={false} onLeave={() => {}} onStay={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Leave registration?' });
    expect(dialog.textContent).toContain('Your account is saved, but it isn’t set up yet.');
    expect(within(dialog).getByTestId('abandon-stay').textContent).toBe('Continue registration');
    expect(dialog.textContent).not.toContain('checkout');
  });

  it('asks a returning customer about leaving the checkout, not registration', () => {
    render(<AbandonModal open returning onLeave={() => {}} onStay={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Leave checkout?' });
    expect(dialog.textContent).toContain(
      'Your plan isn’t bought yet. You can come back to it any time from your dashboard.',
    );
    expect(within(dialog).getByTestId('abandon-stay').textContent).toBe('Continue checkout');
    expect(dialog.textContent).not.toMatch(/registration|set up yet/i);
  });

  it('leaves or stays through its two buttons', () => {
    const onLeave = vi.fn();
    const onStay = vi.fn();
    render(<AbandonModal open returning onLeave={onLeave} onStay={onStay} />);
    fireEvent.click(screen.getByTestId('abandon-stay'));
    expect(onStay).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId('abandon-leave'));
    expect(onLeave).toHaveBeenCalledTimes(1);
  });
});

/** At /register/select-plan (step details forced) with both verifications done and a paid plan chosen. */
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

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

/** GET /v1/subscription/list/my answers `history`. */
function answerHistory(history: unknown[]) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    if (String(input).endsWith('/api/v1/subscription/list/my')) return json(history);
    throw new Error(`unexpected call ${String(input)}`);
  });
}

/** The register layout as the app mounts it, on the plan choice, with a link out to the catalogue. */
function renderRegisterLayout(me: Me) {
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        loader: () => ({ me }),
        children: [
          {
            path: 'register',
            element: <RegisterLayout loaderData={{ me }} params={{}} matches={[] as never} />,
            children: [
              {
                path: 'select-plan',
                element: (
                  <Link to="/c/genres" data-testid="leave">
                    Music
                  </Link>
                ),
              },
            ],
          },
          { path: 'c/genres', element: <p>catalogue</p> },
        ],
      },
    ],
    { initialEntries: ['/register/select-plan'], hydrationData: { loaderData: { root: { me } } } },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('register layout: leaving the register pages half-way (spec §2, decision 051)', () => {
  it('a new registrant is asked "Leave registration?"', async () => {
    answerHistory([]);
    renderRegisterLayout(atCheckout());
    // Leave once the history has answered, as a person reading the page would.
    await vi.waitFor(() => expect(globalThis.fetch).toHaveBeenCalled());
    fireEvent.click(screen.getByTestId('leave'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Leave registration?');
    expect(dialog.textContent).not.toContain('checkout');
  });

  it('a former trial user buying a plan is asked "Leave checkout?"', async () => {
    const spy = answerHistory([]);
    renderRegisterLayout(atCheckout({ trialUsed: true }));
    fireEvent.click(screen.getByTestId('leave'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Leave checkout?');
    expect(spy).not.toHaveBeenCalled();
  });

  it('a former paid subscriber (known from the history) is asked "Leave checkout?" and can leave', async () => {
    answerHistory([{ id: 's1', planType: 'advanced', status: 'ended' }]);
    const router = renderRegisterLayout(atCheckout());
    fireEvent.click(screen.getByTestId('leave'));
    await screen.findByRole('heading', { name: 'Leave checkout?' });
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Your plan isn’t bought yet.');
    fireEvent.click(within(dialog).getByTestId('abandon-leave'));
    expect(await screen.findByText('catalogue')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/c/genres');
  });
});
