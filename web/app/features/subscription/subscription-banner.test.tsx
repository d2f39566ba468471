import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Me, SubscriptionSummary } from '@cuewave/contract/account';
import { viewerFixture } from '../../test/viewer-fixture';
import { SubscriptionBanner } from './subscription-banner';

afterEach(cleanup);

const now = Date.parse('2025-03-01T12:00:00Z');

function viewer(subscription: Partial<SubscriptionSummary> | null): Me {
  return {
    ...viewerFixture(),
    subscription: subscription && {
      id: 's1',
      planType: 'advanced',
      status: 'active',
      payPeriod: 'yearly',
      nextPayTS: '2025-03-11T12:00:00Z',
      currency: 'eur',
      ...subscription,
    },
  };
}

function renderBanner(me: Me | null, path = '/') {
  const router = createMemoryRouter([{ path: '*', element: <SubscriptionBanner me={me} now={now} /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
}

const action = () => screen.getByTestId('subscription-banner-action');

describe('subscription banner (spec §2 root shell)', () => {
  it('counts the trial down and links to the checkout’s plan choice in the visitor’s edition', () => {
    renderBanner(viewer({ planType: 'trial', payPeriod: null }), '/us');
    expect(screen.getByTestId('subscription-banner').textContent).toContain(
      'Your free trial ends in 10 days (Mar 11, 2025).',
    );
    expect(action().textContent).toBe('Choose a plan');
    expect(action().getAttribute('href')).toBe('/us/register/select-plan');
  });

  it('sends a failed renewal to the card, a pending payment to checkout and a cancelled plan to renew', () => {
    renderBanner(viewer({ status: 'payment' }));
    expect(action().textContent).toBe('Update your card');
    expect(action().getAttribute('href')).toBe('/dashboard/billing');
    cleanup();
    renderBanner(viewer({ status: 'pending' }));
    expect(action().textContent).toBe('Finish checkout');
    expect(action().getAttribute('href')).toBe('/dashboard/licenses');
    cleanup();
    renderBanner(viewer({ status: 'cancelled' }), '/c/genres');
    expect(screen.getByTestId('subscription-banner').textContent).toContain('Your Advanced plan ends on Mar 11, 2025.');
    expect(action().textContent).toBe('Renew');
    expect(action().getAttribute('href')).toBe('/dashboard/licenses');
  });

  it('shows nothing for an active paid plan, visitors, the dashboard and registration', () => {
    renderBanner(viewer({}));
    expect(screen.queryByTestId('subscription-banner')).toBeNull();
    cleanup();
    renderBanner(null);
    expect(screen.queryByTestId('subscription-banner')).toBeNull();
    cleanup();
    renderBanner(viewer({ status: 'payment' }), '/dashboard/account');
    expect(screen.queryByTestId('subscription-banner')).toBeNull();
    cleanup();
    renderBanner(viewer({ planType: 'trial' }), '/register/welcome');
    expect(screen.queryByTestId('subscription-banner')).toBeNull();
  });
});
