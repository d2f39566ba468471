import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { CHANNEL_LIMITS } from '@cuewave/contract/account-rules';
import { PLANS_FIXTURE } from '../pricing/plans.fixture';
import { PlanCards } from './plan-cards';

afterEach(cleanup);

function renderCards(props: Partial<Parameters<typeof PlanCards>[0]> = {}) {
  const onChoose = vi.fn();
  const onBillingTypeChange = vi.fn();
  render(
    <MemoryRouter>
      <PlanCards
        selected="professional"
        billingType="yearly"
        onChoose={onChoose}
        onBillingTypeChange={onBillingTypeChange}
        {...props}
      />
    </MemoryRouter>,
  );
  return { onChoose, onBillingTypeChange };
}

describe('plan cards', () => {
  it('lists the five plans in order with their channel limits', () => {
    renderCards();
    const cards = within(screen.getByRole('list', { name: 'Plans' })).getAllByRole('heading', { level: 3 });
    expect(cards.map((h) => h.textContent)).toEqual(['Free trial', 'Start', 'Advanced', 'Professional', 'Enterprise']);
    for (const [plan, limit] of Object.entries(CHANNEL_LIMITS)) {
      const card = screen.getByTestId(`plan-${plan}`);
      expect(card.textContent).toContain(`${limit} channel${limit === 1 ? '' : 's'}`);
    }
  });

  it('flags professional as the most popular, commercial-plus plan', () => {
    renderCards({ selected: null });
    const professional = screen.getByTestId('plan-professional');
    expect(professional.textContent).toContain('Most popular');
    expect(professional.textContent).toContain('Commercial plus');
    expect(screen.getByTestId('plan-advanced').textContent).not.toContain('Most popular');
  });

  it('without the plan list (it failed to load) shows no prices but still describes the plans', () => {
    renderCards();
    expect(screen.getByRole('list', { name: 'Plans' }).textContent).not.toMatch(/[$€₤]\s?\d|\d+[.,]\d{2}/);
    expect(screen.queryByTestId('currency-picker')).toBeNull();
  });

  it('shows the prices of the period and currency, with a currency picker', () => {
    const onCurrencyChange = vi.fn();
    renderCards({ plans: PLANS_FIXTURE, currency: 'pln', billingType: 'monthly', onCurrencyChange });
    expect(within(screen.getByTestId('plan-professional')).getByTestId('plan-price-amount').textContent).toBe(
      'PLN 139.99',
    );
    expect(within(screen.getByTestId('plan-trial')).getByTestId('plan-price').textContent).toContain('Free');
    expect(within(screen.getByTestId('plan-enterprise')).getByTestId('plan-price').textContent).toContain('Custom');
    expect(screen.getByTestId('period-saving').textContent).toBe('Save up to 20%');
    fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'gbp' } });
    expect(onCurrencyChange).toHaveBeenCalledWith('gbp');
  });

  it('shows only the plans asked for, with their own button words', () => {
    renderCards({
      plans: PLANS_FIXTURE,
      planNames: ['start', 'professional'],
      actionLabel: (_plan, title) => `Upgrade to ${title}`,
    });
    const cards = within(screen.getByRole('list', { name: 'Plans' })).getAllByRole('heading', { level: 3 });
    expect(cards.map((h) => h.textContent)).toEqual(['Start', 'Professional']);
    expect(screen.getByRole('button', { name: 'Upgrade to Professional' })).toBeTruthy();
  });

  it('marks the selected plan and hands the chosen one back; enterprise is a contact, not a purchase', () => {
    const { onChoose } = renderCards({ selected: 'advanced', plans: PLANS_FIXTURE });
    expect(screen.getByTestId('plan-advanced').dataset.selected).toBe('true');
    expect(screen.getByTestId('plan-professional').dataset.selected).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: 'Choose Professional' }));
    expect(onChoose).toHaveBeenCalledWith('professional');
    fireEvent.click(screen.getByRole('button', { name: 'Start free trial' }));
    expect(onChoose).toHaveBeenLastCalledWith('trial');
    expect(screen.queryByRole('button', { name: 'Choose Enterprise' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Contact sales' }).getAttribute('href')).toMatch(/^mailto:|\/enterprise/);
  });

  it('switches between monthly and yearly billing', () => {
    const { onBillingTypeChange } = renderCards({ billingType: 'yearly' });
    const yearly = screen.getByRole('radio', { name: 'Yearly' }) as HTMLInputElement;
    expect(yearly.checked).toBe(true);
    expect(screen.getByTestId('plan-start').textContent).toContain('Billed yearly');
    fireEvent.click(screen.getByRole('radio', { name: 'Monthly' }));
    expect(onBillingTypeChange).toHaveBeenCalledWith('monthly');
    cleanup();
    renderCards({ billingType: 'monthly' });
    expect(screen.getByTestId('plan-start').textContent).toContain('Billed monthly');
  });

  it('while one choice is saving, that button spins and the others wait', () => {
    const { onChoose } = renderCards({ pending: 'start' });
    const start = screen.getByRole('button', { name: 'Choose Start' });
    expect(start.getAttribute('aria-busy')).toBe('true');
    const advanced = screen.getByRole('button', { name: 'Choose Advanced' }) as HTMLButtonElement;
    expect(advanced.disabled).toBe(true);
    fireEvent.click(advanced);
    expect(onChoose).not.toHaveBeenCalled();
  });
});
