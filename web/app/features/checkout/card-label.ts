import { CARD_BRAND_LABELS, type CardBrand, type StoredPaymentMethod } from '@cuewave/contract/payment';

/** "Visa", "Mastercard"; a brand Stripe reports that we don't list keeps its name, capitalised. */
export function brandLabel(brand: string): string {
  if (brand in CARD_BRAND_LABELS) return CARD_BRAND_LABELS[brand as CardBrand];
  return brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : 'Card';
}

/** "12/28": the expiry as printed on the card. */
export function expiryLabel(card: Pick<StoredPaymentMethod, 'expMonth' | 'expYear'>): string {
  return `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`;
}

/** "Visa ending in 4242": how a saved card is named in text and to screen readers. */
export function cardName(card: Pick<StoredPaymentMethod, 'brand' | 'last4'>): string {
  return `${brandLabel(card.brand)} ending in ${card.last4}`;
}

/** Whether a card's expiry month is over at `now` (valid through the month's last day, UTC). */
export function cardExpired(card: Pick<StoredPaymentMethod, 'expMonth' | 'expYear'>, now: Date = new Date()): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return card.expYear < year || (card.expYear === year && card.expMonth < month);
}
