import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ActiveBanner, BannerDiscount } from '@cuewave/contract/banners';
import { ToastProvider } from '../../components/ui/toast';
import { offerText, untilText } from './banner-copy';
import { bannerEdition, couponCodeOf, dismissCookie, dismissedBanners } from './banner-state';
import { PromoBanner } from './promo-banner';
import { getI18n } from 'react-i18next';

const EASTER: ActiveBanner = {
  id: '0b7c6a8e-2f1d-4c3b-9a5e-6d7f8e9a0b1c',
  variant: 'easter',
  code: 'EASTER40',
  discount: { kind: 'percent', percent: 40 },
  endsAt: '2027-04-09T00:00:00.000Z',
};
const OTHER = '1c8d7b9f-3a2e-4d4c-8b6f-7e8a9fab1c2d';
/** The toast of spec §8. */
const COPIED_MESSAGE = 'Code successfully copied';
const en = () => getI18n().getFixedT('en', 'banners');
const pl = () => getI18n().getFixedT('pl', 'banners');

function renderBanner(banner: ActiveBanner | null, path = '/') {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <ToastProvider>
            <PromoBanner banner={banner} />
            <main id="main">
              <h1>Page</h1>
            </main>
          </ToastProvider>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

beforeEach(() => {
  document.cookie = 'cw_banner_dismissed=; Max-Age=0; Path=/';
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('promo banner (root shell slot 2, decision 072)', () => {
  it('says the offer, copies the code with the toast of spec §8 and links to the plans with the code', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderBanner(EASTER, '/us');
    const banner = screen.getByRole('complementary', { name: 'Easter offer' });
    expect(banner.textContent).toContain('Easter: 40% off your first payment.');
    expect(banner.textContent).toContain('Until Apr 8.');
    expect(screen.getByRole('link', { name: /See plans/ }).getAttribute('href')).toBe('/us/licenses?coupon=EASTER40');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy the code EASTER40' }));
    });
    expect(writeText).toHaveBeenCalledWith('EASTER40');
    // The toast and its live region both carry it.
    expect((await screen.findAllByText(COPIED_MESSAGE)).length).toBeGreaterThan(0);
  });

  it('selects the code and says how to copy it when the clipboard refuses', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: vi.fn().mockRejectedValue(new Error('denied')) },
      configurable: true,
    });
    renderBanner(EASTER);
    await act(async () => {
      fireEvent.click(screen.getByTestId('promo-copy'));
    });
    expect((await screen.findAllByText(/couldn’t copy the code/)).length).toBeGreaterThan(0);
    expect(window.getSelection()?.toString()).toBe('EASTER40');
    expect(screen.queryByText(COPIED_MESSAGE)).toBeNull();
  });

  it('closes for good: a cookie remembers it and focus moves to the page heading', () => {
    renderBanner(EASTER);
    fireEvent.click(screen.getByRole('button', { name: 'Close the Easter offer' }));
    expect(screen.queryByTestId('promo-banner')).toBeNull();
    expect(dismissedBanners(document.cookie)).toEqual([EASTER.id]);
    expect(document.activeElement?.textContent).toBe('Page');
  });

  it('shows nothing without a banner', () => {
    renderBanner(null);
    expect(screen.queryByTestId('promo-banner')).toBeNull();
  });
});

describe('banner state', () => {
  it('reads the dismissed ids, ignoring anything else, and keeps the latest five', () => {
    expect(dismissedBanners(null)).toEqual([]);
    expect(dismissedBanners(`cw_banner_dismissed=${EASTER.id}.<script>.42`)).toEqual([EASTER.id]);
    expect(dismissedBanners(`cw_banner_dismissed=${'x'.repeat(500)}`)).toEqual([]);
    const ids = Array.from({ length: 6 }, (_, i) => `${String(i).repeat(8)}-2f1d-4c3b-9a5e-6d7f8e9a0b1c`);
    let header = '';
    for (const id of ids) header = dismissCookie(header, id, false).split(';')[0]!;
    expect(dismissedBanners(header)).toEqual(ids.slice(1));
    expect(dismissCookie(`cw_banner_dismissed=${OTHER}`, EASTER.id, true)).toMatch(
      new RegExp(`^cw_banner_dismissed=${OTHER}\\.${EASTER.id}; Path=/; SameSite=Lax; Max-Age=7776000; Secure$`),
    );
  });

  it('picks the edition from the path, then the footer’s choice', () => {
    expect(bannerEdition('/us/licenses', null)).toBe('us');
    expect(bannerEdition('/c/genres', 'cw_edition=us')).toBe('us');
    expect(bannerEdition('/c/genres', 'cw_edition=mars')).toBe('eu');
    expect(bannerEdition('/', null)).toBe('eu');
  });

  it('accepts only codes the coupon system can hold', () => {
    expect(couponCodeOf(' easter40 ')).toBe('EASTER40');
    expect(couponCodeOf('<script>')).toBeNull();
    expect(couponCodeOf('x'.repeat(41))).toBeNull();
    expect(couponCodeOf(null)).toBeNull();
  });

  it('words the US launch as a first month for $0.99, and the last day of an offer', () => {
    const launch: BannerDiscount = { kind: 'price', amountMinor: 99, currency: 'usd', periods: ['month'] };
    expect(offerText(launch, en(), 'en')).toBe('Your first month for $0.99');
    expect(offerText({ ...launch, periods: null }, en(), 'en')).toBe('Your first payment for $0.99');
    expect(offerText(launch, pl(), 'pl')).toMatch(/^Pierwszy miesiąc za 0,99\sUSD$/);
    expect(untilText('2027-03-09T00:00:00Z', en(), 'en')).toBe('Until Mar 8');
    expect(untilText('nonsense', en(), 'en')).toBe('');
  });
});
