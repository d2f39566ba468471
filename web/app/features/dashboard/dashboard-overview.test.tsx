import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Me } from '@cuewave/contract/account';
import type { Channel } from '@cuewave/contract/licence';
import type { SubscriptionDetail } from '@cuewave/contract/subscription';
import { ToastProvider } from '../../components/ui/toast';
import { viewerFixture } from '../../test/viewer-fixture';
import { DashboardOverview, type DashboardOverviewProps } from './dashboard-overview';
import { overviewOf } from './overview-model';

afterEach(cleanup);

const now = Date.parse('2025-03-01T12:00:00Z');

function detail(over: Partial<SubscriptionDetail> = {}): SubscriptionDetail {
  return {
    id: 's1',
    planType: 'advanced',
    status: 'active',
    payPeriod: 'monthly',
    period: 'month',
    nextPayTS: '2025-03-21T12:00:00Z',
    currency: 'eur',
    startedTS: '2025-01-21T12:00:00Z',
    periodStartTS: '2025-02-21T12:00:00Z',
    endedTS: null,
    channelLimit: 3,
    pendingChange: null,
    renewal: {
      plan: 'advanced',
      period: 'month',
      currency: 'eur',
      price: 2999,
      tax: 690,
      total: 3689,
      taxPercentage: 23,
      dueTS: '2025-03-21T12:00:00Z',
    },
    retry: null,
    ...over,
  };
}

const channel = (id: string, url: string): Channel => ({ id, type: 'youtube', url, createTS: '2025-01-22T00:00:00Z' });

function subscriber(subscription: SubscriptionDetail | null, noPlan = false): Me {
  const me = viewerFixture();
  return {
    ...me,
    subscription: subscription
      ? {
          id: subscription.id,
          planType: subscription.planType,
          status: subscription.status,
          nextPayTS: subscription.nextPayTS,
        }
      : null,
    access: { ...me.access, isNoPlan: noPlan },
  } as Me;
}

function renderOverview(props: Partial<DashboardOverviewProps> & { subscription: SubscriptionDetail | null }) {
  const all: DashboardOverviewProps = {
    me: subscriber(props.subscription, props.subscription === null),
    failed: false,
    channels: [],
    channelsFailed: false,
    card: { id: 'c1', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, isDefault: true },
    now,
    ...props,
  };
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <ToastProvider>
            <DashboardOverview {...all} />
          </ToastProvider>
        ),
      },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(<RouterProvider router={router} />);
}

const sectionLinks = () =>
  within(screen.getByTestId('overview-sections'))
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));

describe('the dashboard overview', () => {
  it('shows a subscriber the plan, days left, next payment, channels, licence and the other sections', () => {
    renderOverview({
      subscription: detail(),
      channels: [channel('ch1', 'https://youtube.com/@ada'), channel('ch2', 'https://youtube.com/@ada-live')],
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Overview');
    expect(screen.getByTestId('overview-plan-name').textContent).toBe('Advanced');
    expect(screen.getByTestId('overview-plan-status').textContent).toBe('Active');
    expect(screen.getByTestId('overview-plan-days').textContent).toBe('Next payment Mar 21, 2025 · 20 days left');
    expect(screen.getByTestId('overview-payment-amount').textContent).toBe('€36.89');
    expect(screen.getByTestId('overview-payment-date').textContent).toBe('on Mar 21, 2025 · Visa •••• 4242');
    expect(screen.getByTestId('overview-channels-used').textContent).toBe('2 of 3');
    expect(screen.getByRole('meter', { name: 'Channels used' }).getAttribute('aria-valuenow')).toBe('2');
    expect(screen.getByTestId('overview-licence-download')).toBeTruthy();
    expect(sectionLinks()).toEqual([
      '/dashboard/playlists',
      '/dashboard/downloads',
      '/dashboard/licenses',
      '/dashboard/billing',
      '/dashboard/account',
      '/dashboard/support',
    ]);
  });

  it('a trial costs nothing yet and offers a plan', () => {
    renderOverview({
      subscription: detail({ planType: 'trial', period: null, payPeriod: null, renewal: null, channelLimit: 1 }),
    });
    expect(screen.getByTestId('overview-plan-name').textContent).toBe('Free trial');
    expect(screen.getByTestId('overview-plan-days').textContent).toBe('Trial ends Mar 21, 2025 · 20 days left');
    expect(screen.getByTestId('overview-payment-amount').textContent).toBe('Nothing due');
    expect(screen.getByTestId('overview-upgrade').getAttribute('href')).toBe('/register/select-plan');
    expect(screen.getByTestId('overview-channels-used').textContent).toBe('0 of 1');
  });

  it('a pending first payment says so and holds back the certificate', () => {
    renderOverview({ subscription: detail({ status: 'pending', renewal: null }) });
    expect(screen.getByTestId('overview-payment-amount').textContent).toBe('Payment pending');
    expect(within(screen.getByTestId('overview-payment')).getByRole('link').textContent).toBe('Complete payment');
    expect(screen.queryByTestId('overview-licence-download')).toBeNull();
    expect(screen.getByTestId('overview-licence').textContent).toContain('once your first payment is complete');
  });

  it('an enterprise customer gets no billing entry point', () => {
    renderOverview({ subscription: detail({ planType: 'enterprise', renewal: null, channelLimit: 50 }) });
    expect(sectionLinks()).not.toContain('/dashboard/billing');
    expect(within(screen.getByTestId('overview-payment')).queryByRole('link')).toBeNull();
    expect(screen.getByTestId('overview-payment').textContent).toContain('enterprise agreement');
  });

  it('without a plan: a call to choose one, and only the sections such a user may open', () => {
    renderOverview({ subscription: null });
    expect(screen.getByText('You don’t have a plan yet')).toBeTruthy();
    expect(screen.getByTestId('overview-choose-plan').getAttribute('href')).toBe('/register/select-plan');
    expect(screen.queryByTestId('overview-plan')).toBeNull();
    // Playlists and past downloads stay open without a plan (guards.ts NO_PLAN_ALLOWED); billing does not.
    expect(sectionLinks()).toEqual([
      '/dashboard/playlists',
      '/dashboard/downloads',
      '/dashboard/licenses',
      '/dashboard/account',
      '/dashboard/support',
    ]);
  });

  it('an ended plan asks to choose a new one', () => {
    renderOverview({ subscription: detail({ status: 'ended', endedTS: '2025-02-21T12:00:00Z', renewal: null }) });
    expect(screen.getByText('Your plan has ended')).toBeTruthy();
    expect(screen.getByTestId('overview-choose-plan')).toBeTruthy();
  });

  it('a failed load says so instead of pretending there is no plan', () => {
    renderOverview({ subscription: null, failed: true });
    expect(within(screen.getByTestId('dashboard-overview')).getByRole('alert').textContent).toContain(
      'We couldn’t load your subscription',
    );
    expect(screen.queryByTestId('overview-choose-plan')).toBeNull();
  });

  it('channels that failed to load are reported, not shown as none', () => {
    renderOverview({ subscription: detail(), channelsFailed: true });
    expect(within(screen.getByTestId('overview-channels')).getByRole('alert')).toBeTruthy();
    expect(screen.queryByTestId('overview-channels-used')).toBeNull();
  });
});

describe('overviewOf', () => {
  it('counts days left from the server clock and charges only an active renewal', () => {
    const live = overviewOf(detail({ status: 'cancelled' }), false, now);
    expect(live).toMatchObject({ kind: 'live', daysLeft: 20, nextCharge: null, licenceReady: true });
    expect(overviewOf(detail(), false, now)).toMatchObject({ nextCharge: { total: 3689 } });
  });
});
