import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import type { Me } from '@cuewave/contract/account';
import { PLANS_FIXTURE } from '../../features/pricing/plans.fixture';
import type { RegisterContext } from '../../features/registration/use-register-viewer';
import { viewerFixture } from '../../test/viewer-fixture';
import SelectPlanPage from './select-plan';
import type { Route } from './+types/select-plan';

afterEach(cleanup);

/** A signed-in user back on the plan choice, with confirmed email and phone; `access` as /auth/me says. */
function viewer(access: Partial<Me['access']>): Me {
  const base = viewerFixture({ registrationStep: 'select-plan' });
  return {
    ...base,
    account: { ...base.account, phone: '+48601234567', confirmedPhone: true, signupPlan: 'trial' },
    access: { ...base.access, ...access },
  };
}

/** The page inside the register layout's outlet, as the app mounts it. */
function renderPage(me: Me) {
  const loaderData = { plans: PLANS_FIXTURE, currency: 'usd', currencySource: 'default' };
  const props = { loaderData } as unknown as Route.ComponentProps;
  const router = createMemoryRouter(
    [
      {
        path: '/register',
        element: <Outlet context={{ viewer: me } satisfies RegisterContext} />,
        children: [{ path: 'select-plan', element: <SelectPlanPage {...props} /> }],
      },
    ],
    { initialEntries: ['/register/select-plan'] },
  );
  render(<RouterProvider router={router} />);
}

describe('/register/select-plan and the free trial', () => {
  it('offers the trial to a new customer', () => {
    renderPage(viewer({ isTrialUsed: false, hadPaidPlan: false }));
    expect(screen.getByTestId('plan-trial')).toBeTruthy();
    expect(screen.getByTestId('select-plan-note').textContent).toContain('The free trial needs no card.');
  });

  it('does not offer the trial to a former paid-only subscriber, and says why', () => {
    renderPage(viewer({ isTrialUsed: true, hadPaidPlan: true }));
    expect(screen.queryByTestId('plan-trial')).toBeNull();
    expect(screen.getByTestId('plan-start')).toBeTruthy();
    const note = screen.getByTestId('select-plan-note').textContent;
    expect(note).toContain('Free trials are for new customers. Choose a plan to continue');
    expect(note).not.toContain('Your free trial has ended');
  });

  it('does not offer it on the paid-plan flag alone either', () => {
    renderPage(viewer({ hadPaidPlan: true }));
    expect(screen.queryByTestId('plan-trial')).toBeNull();
  });

  it('tells a former trial user that the trial has ended', () => {
    renderPage(viewer({ isTrialUsed: true, hadPaidPlan: false }));
    expect(screen.queryByTestId('plan-trial')).toBeNull();
    expect(screen.getByTestId('select-plan-note').textContent).toContain('Your free trial has ended.');
  });
});
