/**
 * The toasts of the billing page (spec §8 names a success and a warning toast for deleting a payment
 * method; its wording is "not shown", so these are ours, in the style of the spec's other messages).
 */
export const PAYMENT_METHOD_MESSAGES = {
  deleteSuccess: 'Payment method deleted successfully!',
  deleteFailed: 'Failed to delete payment method.',
  defaultSuccess: 'Default payment method updated.',
  addSuccess: 'Card added successfully!',
} as const;

/**
 * Removing a card, said before the click (decision 043): the only card of a renewing subscription
 * stays until another card is added; removing the last card otherwise leaves none.
 */
export const CARD_REMOVAL_MESSAGES = {
  renewsHint: 'Your subscription renews with this card',
  blockedTitle: 'This card can’t be removed yet',
  blocked:
    'This is the card your subscription renews with. Add another card before you remove it, or cancel the subscription.',
  noCardLeft: 'You will have no saved card: add one before your next payment.',
} as const;
