import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type { Currency } from '@cuewave/contract/pricing';
import type { CurrencySource } from './currency';
import { useCurrency } from './use-currency';

afterEach(cleanup);

type Props = {
  source: CurrencySource;
  remembered?: string | null;
  syncUrl?: boolean;
  remember?: (c: Currency) => void;
};

function Probe({ source, remembered = null, syncUrl = true, remember }: Props) {
  const [currency, setCurrency] = useCurrency({ currency: 'usd', source, remembered, remember, syncUrl });
  const location = useLocation();
  return (
    <>
      <output data-testid="currency">{currency}</output>
      <output data-testid="search">{location.search}</output>
      <button type="button" onClick={() => setCurrency('eur')}>
        euros
      </button>
    </>
  );
}

function renderAt(url: string, props: Props) {
  const router = createMemoryRouter([{ path: '/licenses', element: <Probe {...props} /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('useCurrency', () => {
  it('shows the address currency first', () => {
    renderAt('/licenses?currency=pln', { source: 'subscription', remembered: 'gbp' });
    expect(screen.getByTestId('currency').textContent).toBe('pln');
  });

  it('a remembered pick replaces a guess from location but not the account currency', () => {
    renderAt('/licenses', { source: 'geolocation', remembered: 'gbp' });
    expect(screen.getByTestId('currency').textContent).toBe('gbp');
    cleanup();
    renderAt('/licenses', { source: 'subscription', remembered: 'gbp' });
    expect(screen.getByTestId('currency').textContent).toBe('usd');
  });

  it('follows the address when it changes by navigation', async () => {
    const router = renderAt('/licenses?currency=pln', { source: 'default' });
    await act(async () => router.navigate('/licenses?currency=czk'));
    expect(screen.getByTestId('currency').textContent).toBe('czk');
  });

  it('a pick goes into the address (replacing the entry) and is remembered', async () => {
    const remember = vi.fn();
    const router = renderAt('/licenses?period=monthly', { source: 'default', remember });
    await act(async () => screen.getByRole('button', { name: 'euros' }).click());
    expect(screen.getByTestId('currency').textContent).toBe('eur');
    expect(screen.getByTestId('search').textContent).toBe('?period=monthly&currency=eur');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(remember).toHaveBeenCalledWith('eur');
  });

  it('pages that keep choices out of the address only remember them', async () => {
    const remember = vi.fn();
    renderAt('/licenses', { source: 'default', remember, syncUrl: false });
    await act(async () => screen.getByRole('button', { name: 'euros' }).click());
    expect(screen.getByTestId('currency').textContent).toBe('eur');
    expect(screen.getByTestId('search').textContent).toBe('');
    expect(remember).toHaveBeenCalledWith('eur');
  });
});
