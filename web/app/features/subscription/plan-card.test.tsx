import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { SubscriptionDetail } from '@cuewave/contract/subscription';
import { ToastProvider } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { cancelRenewalTreatsAsSuccess } from './cancel-renewal-dialog';
import { PlanCard } from './plan-card';

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

function renderCard(subscription: SubscriptionDetail) {
  const card = { id: 'c1', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, isDefault: true };
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <ToastProvider>
            <PlanCard subscription={subscription} now={now} card={card} channels={[]} />
          </ToastProvider>
        ),
      },
    ],
    { initialEntries: ['/dashboard/licenses'] },
  );
  render(<RouterProvider router={router} />);
}

const buttons = () =>
  within(screen.getByTestId('current-plan'))
    .queryAllByRole('button')
    .map((b) => b.textContent);

describe('the current plan card', () => {
  it('shows an active plan with its next payment and every change', () => {
    renderCard(detail());
    expect(screen.getByTestId('plan-status').textContent).toBe('Active');
    expect(screen.getByTestId('plan-days-left').textContent).toBe('20 days left');
    expect(screen.getByTestId('next-payment-amount').textContent).toBe('€36.89');
    expect(screen.getByTestId('next-payment-date').textContent).toBe('Mar 21, 2025');
    expect(screen.getByTestId('next-payment-card').textContent).toContain('Visa •••• 4242');
    expect(buttons()).toEqual(['Upgrade', 'Downgrade', 'Switch to yearly', 'Cancel renewal']);
  });

  it('offers to drop a pending downgrade and nothing that would replace it', () => {
    renderCard(
      detail({
        planType: 'professional',
        pendingChange: {
          type: 'downgrade',
          plan: 'advanced',
          period: 'year',
          channels: [{ type: 'youtube', url: 'https://www.youtube.com/@a' }],
          effectiveTS: '2025-03-21T12:00:00Z',
        },
      }),
    );
    expect(screen.getByTestId('pending-change').textContent).toContain(
      'Your plan changes from Professional to Advanced (yearly) on Mar 21, 2025. 1 channel is kept',
    );
    expect(buttons()).toEqual(['Cancel downgrade', 'Cancel renewal']);
  });

  it('asks to retry or change the card after a failed renewal', () => {
    renderCard(detail({ status: 'payment', retry: { attempts: 2, nextRetryTS: '2025-03-24T12:00:00Z' } }));
    expect(screen.getByTestId('plan-status').textContent).toBe('Payment failed');
    expect(screen.getByTestId('plan-explanation').textContent).toContain('We’ll try again on Mar 24, 2025');
    expect(screen.getByTestId('status-notice').textContent).toContain('Your renewal payment failed 2 times');
    expect(screen.getByRole('link', { name: 'Update your card' }).getAttribute('href')).toBe('/dashboard/billing');
    expect(buttons()).toEqual(['Retry payment']);
    expect(screen.queryByTestId('next-payment')).toBeNull();
  });

  it('renews a cancelled plan and says when it ends', () => {
    renderCard(detail({ status: 'cancelled' }));
    expect(screen.getByTestId('plan-status').textContent).toBe('Cancelled');
    expect(screen.getByTestId('status-notice').textContent).toContain('Your plan ends on Mar 21, 2025.');
    expect(buttons()).toEqual(['Renew subscription']);
  });

  it('completes an unpaid first payment', () => {
    renderCard(detail({ status: 'pending', renewal: null }));
    expect(screen.getByTestId('plan-status').textContent).toBe('Payment pending');
    expect(buttons()).toEqual(['Complete payment']);
  });

  it('sends a trial user to the checkout’s plan choice (decision 051)', () => {
    renderCard(detail({ planType: 'trial', period: null, payPeriod: null, renewal: null, channelLimit: 1 }));
    expect(screen.getByTestId('plan-name').textContent).toBe('Free trial');
    expect(screen.getByTestId('plan-period').textContent).toBe('Free');
    expect(screen.getByTestId('choose-plan').getAttribute('href')).toBe('/register/select-plan');
    expect(buttons()).toEqual([]);
  });
});

describe('cancelling the renewal', () => {
  it('counts a 401 as success (spec §8) and nothing else', () => {
    expect(cancelRenewalTreatsAsSuccess(new ApiError(401, { error: 'verify jwt token', message: '' }))).toBe(true);
    expect(cancelRenewalTreatsAsSuccess(new ApiError(409, { error: 'CONFLICT', message: '' }))).toBe(false);
    expect(cancelRenewalTreatsAsSuccess(new Error('offline'))).toBe(false);
  });
});
