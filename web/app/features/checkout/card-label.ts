import { CARD_BRAND_LABELS, type CardBrand, type StoredPaymentMethod } from '@cuewave/contract/payment';
import type { CheckoutT } from './billing-model';

/** "Visa", "Mastercard"; a brand Stripe reports that we don't list keeps its name, capitalised. */
export function brandLabel(brand: string, t?: CheckoutT): string {
  if (brand in CARD_BRAND_LABELS) return CARD_BRAND_LABELS[brand as CardBrand];
  if (brand) return brand.charAt(0).toUpperCase() + brand.slice(1);
  return t ? t('card.unknownBrand') : 'Card';
}

/** "12/28": the expiry as printed on the card. */
export function expiryLabel(card: Pick<StoredPaymentMethod, 'expMonth' | 'expYear'>): string {
  return `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`;
}

/**
 * "Visa ending in 4242": how a saved card is named in text and to screen readers, in the language of
 * `t` (`checkout`); without one, English (callers not moved to texts yet).
 */
export function cardName(card: Pick<StoredPaymentMethod, 'brand' | 'last4'>, t?: CheckoutT): string {
  const brand = brandLabel(card.brand, t);
  return t ? t('card.endingIn', { brand, last4: card.last4 }) : `${brand} ending in ${card.last4}`;
}

/** Whether a card's expiry month is over at `now` (valid through the month's last day, UTC). */
export function cardExpired(card: Pick<StoredPaymentMethod, 'expMonth' | 'expYear'>, now: Date = new Date()): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return card.expYear < year || (card.expYear === year && card.expMonth < month);
}
