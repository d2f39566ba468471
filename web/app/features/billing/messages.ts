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
