import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { SubscriptionDetail } from '@cuewave/contract/subscription';
import { ToastProvider } from '../../components/ui/toast';
import { createI18n } from '../../i18n/create-i18n';
import { ALL_TEXTS } from '../../i18n/resources.server';
import { PlanPrice } from '../pricing/price';
import { PeriodToggle } from '../pricing/period-toggle';
import { planFixture } from '../pricing/plans.fixture';
import { PlanCard } from './plan-card';

afterEach(cleanup);

/** Rendered for a Polish reader: words from pl.json, money and dates in the Polish forms (decision 075). */
function renderPolish(element: React.ReactNode) {
  const i18n = createI18n('pl', ALL_TEXTS, false);
  const router = createMemoryRouter([{ path: '*', element: <ToastProvider>{element}</ToastProvider> }], {
    initialEntries: ['/dashboard/licenses'],
  });
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

const subscription: SubscriptionDetail = {
  id: 's1',
  planType: 'advanced',
  status: 'active',
  payPeriod: 'monthly',
  period: 'month',
  nextPayTS: '2025-03-21T12:00:00Z',
  currency: 'pln',
  startedTS: '2025-01-21T12:00:00Z',
  periodStartTS: '2025-02-21T12:00:00Z',
  endedTS: null,
  channelLimit: 3,
  pendingChange: null,
  renewal: {
    plan: 'advanced',
    period: 'month',
    currency: 'pln',
    price: 4999,
    tax: 1150,
    total: 6149,
    taxPercentage: 23,
    dueTS: '2025-03-21T12:00:00Z',
  },
  retry: null,
};

describe('pricing and the subscription in Polish', () => {
  it('prices a plan with Polish words and the Polish money format', () => {
    renderPolish(<PlanPrice plan={planFixture('professional')} period="year" currency="pln" />);
    expect(screen.getByTestId('plan-price-billed').textContent).toMatch(/^1339,99\s?zł płatne rocznie$/);
    expect(screen.getByTestId('plan-price').textContent).toContain('miesięcznie');
  });

  it('names the billing periods in Polish', () => {
    renderPolish(<PeriodToggle value="yearly" onChange={() => {}} yearlySavingPercent={21} />);
    expect(screen.getByRole('group', { name: 'Okres rozliczeniowy' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Miesięcznie' })).toBeTruthy();
    expect(screen.getByTestId('period-saving').textContent).toBe('Oszczędzasz do 21%');
  });

  it('describes the current plan, its days left and its next payment in Polish', () => {
    const now = Date.parse('2025-03-01T12:00:00Z');
    renderPolish(<PlanCard subscription={subscription} now={now} card={null} channels={[]} />);
    expect(screen.getByTestId('plan-status').textContent).toBe('Aktywna');
    // 20 is a "many" number in Polish: "Zostało 20 dni".
    expect(screen.getByTestId('plan-days-left').textContent).toBe('Zostało 20 dni');
    expect(screen.getByTestId('plan-period').textContent).toBe('Miesięcznie');
    expect(screen.getByTestId('next-payment-amount').textContent).toMatch(/^61,49\s?zł$/);
    expect(screen.getByTestId('next-payment-date').textContent).toBe('21 mar 2025');
    expect(screen.getByTestId('next-payment-card').textContent).toContain('Brak zapisanej karty');
    const buttons = within(screen.getByTestId('current-plan'))
      .queryAllByRole('button')
      .map((b) => b.textContent);
    expect(buttons).toContain('Anuluj odnawianie');
  });
});
