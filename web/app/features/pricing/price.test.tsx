import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { PlanPrice } from './price';
import { planFixture } from './plans.fixture';

afterEach(cleanup);

describe('plan price', () => {
  it('yearly: the month it works out at, the amount billed and the saving, with spec symbols', () => {
    render(<PlanPrice plan={planFixture('professional')} period="year" currency="usd" />);
    expect(screen.getByTestId('plan-price-amount').textContent).toBe('$27.50');
    expect(screen.getByTestId('plan-price-billed').textContent).toBe('$329.99 billed yearly');
    expect(screen.getByTestId('plan-price-saving').textContent).toBe('You save $89.89 a year');
    expect(screen.getByTestId('plan-price').textContent).toContain('per month');
  });

  it('monthly: the monthly price and what a year would cost', () => {
    render(<PlanPrice plan={planFixture('professional')} period="month" currency="pln" />);
    expect(screen.getByTestId('plan-price-amount').textContent).toBe('PLN 139.99');
    expect(screen.getByTestId('plan-price-billed').textContent).toBe('Billed monthly');
    expect(screen.getByTestId('plan-price').textContent).toContain('or PLN 1339.99 a year, save 20%');
  });

  it('uses the symbols of spec §3 for every currency', () => {
    const amounts = (['eur', 'czk', 'gbp'] as const).map((currency) => {
      cleanup();
      render(<PlanPrice plan={planFixture('start')} period="month" currency={currency} />);
      return screen.getByTestId('plan-price-amount').textContent;
    });
    expect(amounts).toEqual(['€9.99', 'CZK 249.00', '₤8.99']);
  });

  it('the trial is free and enterprise is priced on request', () => {
    render(<PlanPrice plan={planFixture('trial')} period="year" currency="usd" />);
    expect(screen.getByTestId('plan-price').textContent).toContain('Free');
    cleanup();
    render(<PlanPrice plan={planFixture('enterprise')} period="year" currency="usd" />);
    expect(screen.getByTestId('plan-price').textContent).toContain('Custom');
    expect(screen.getByTestId('plan-price').textContent).not.toMatch(/\d/);
  });
});
