import type { TFunction } from 'i18next';
import type { ActiveBanner, BannerDiscount } from '@cuewave/contract/banners';

/** Texts of the `banners` namespace (locales/*.json): the variant's words around its discount (spec §9). */
type T = TFunction<'banners'>;

const LOCALES: Record<string, string> = { en: 'en-US', pl: 'pl-PL' };
const localeOf = (language: string) => LOCALES[language] ?? 'en-US';

function money(minor: number, currency: string, language: string): string {
  return new Intl.NumberFormat(localeOf(language), { style: 'currency', currency: currency.toUpperCase() }).format(
    minor / 100,
  );
}

/** The offer in words: "50% off your first payment", "Your first month for $0.99". */
export function offerText(discount: BannerDiscount, t: T, language: string): string {
  if (discount.kind === 'percent') return t('offer.percent', { percent: discount.percent });
  const price = money(discount.amountMinor, discount.currency, language);
  const only = discount.periods?.length === 1 ? discount.periods[0] : null;
  const key = only === 'month' ? 'offer.firstMonth' : only === 'year' ? 'offer.firstYear' : 'offer.firstPayment';
  return t(key, { price });
}

/** The big figure of the artwork: "50%" or "$0.99". */
export function offerFigure(discount: BannerDiscount, language: string): string {
  return discount.kind === 'percent'
    ? `${discount.percent}%`
    : money(discount.amountMinor, discount.currency, language);
}

/**
 * "Until Mar 8": the last day of the offer (an end at 00:00 is the day before), in UTC so the server
 * render and the browser agree. Empty for a time that is not one.
 */
export function untilText(endsAt: string, t: T, language: string): string {
  const last = new Date(Date.parse(endsAt) - 1);
  if (Number.isNaN(last.getTime())) return '';
  const date = last.toLocaleDateString(localeOf(language), { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return t('until', { date });
}

export function bannerCopy(banner: ActiveBanner, t: T, language: string) {
  return {
    occasion: t(`variant.${banner.variant}.occasion`),
    line: t(`variant.${banner.variant}.line`),
    offer: offerText(banner.discount, t, language),
    figure: offerFigure(banner.discount, language),
    until: untilText(banner.endsAt, t, language),
  };
}
