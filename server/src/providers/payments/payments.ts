import type { PaymentFailureCode } from '@cuewave/contract/payment';
import type { Currency } from '@cuewave/contract/pricing';

/**
 * A card payment provider (architecture §3): the embedded sandbox processor by default, Stripe in a
 * real deployment. The shape follows Stripe's objects so its adapter is a thin mapping:
 * saveCard ≈ a SetupIntent (or PaymentMethod) attached to the customer, charge ≈ a PaymentIntent
 * confirmed off-session with the idempotency key, confirmPayment ≈ re-reading the PaymentIntent after
 * the cardholder's 3-D Secure step, cancelPayment ≈ PaymentIntent cancel, detachCard ≈ PaymentMethod detach. The provider never sees our
 * database: the payment feature records every answer in `payments` / `payment_methods`.
 */

/** Whose card it is. Stripe maps it to a Customer (found or created by the adapter). */
export type PaymentCustomer = { accountId: string; email: string };

/** What may be stored of a card (architecture §5: never the number). */
export type CardDetails = {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  /** The same number always gives the same fingerprint (one trial per card); not the number. */
  fingerprint: string;
};

/** The provider's half of a confirmation step; the payment feature turns it into the contract's NextAction. */
export type ProviderAction = { type: 'sandbox_3ds' } | { type: 'stripe_sdk'; clientSecret: string };

/** Why a card could not be saved: a bad, expired or used token, or the card refused at set-up. */
export type SaveCardFailureCode = 'token_invalid' | 'token_expired' | 'token_used' | PaymentFailureCode;

export type SaveCardResult =
  | { status: 'saved'; ref: string; card: CardDetails }
  | { status: 'requires_action'; action: ProviderAction }
  | { status: 'failed'; code: SaveCardFailureCode; message: string };

export type ChargeRequest = {
  customer: PaymentCustomer;
  /** The saved card's provider_ref. */
  methodRef: string;
  /** Minor units, > 0. */
  amount: number;
  currency: Currency;
  description: string;
  /**
   * The same key always gives the same charge: a retry after a timeout or a crash cannot charge twice
   * (Stripe's Idempotency-Key header).
   */
  idempotencyKey: string;
  /** Our payments.id, kept on the provider's object for reconciliation. */
  paymentId: string;
};

export type ChargeResult =
  | { status: 'succeeded'; ref: string }
  | { status: 'requires_action'; ref: string; action: ProviderAction }
  | { status: 'failed'; ref: string | null; code: PaymentFailureCode; message: string };

export type PaymentProvider = {
  kind: 'sandbox' | 'stripe';
  /** Stores a card for the customer from the token the card form produced. */
  saveCard(input: { customer: PaymentCustomer; token: string }): Promise<SaveCardResult>;
  /** Charges a saved card. Idempotent by request.idempotencyKey. */
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * Settles a charge that answered requires_action. `approve` is the sandbox's simulated cardholder
   * answer; Stripe ignores it (the cardholder answered in stripe.js) and reads the PaymentIntent again.
   */
  confirmPayment(input: { ref: string; approve: boolean }): Promise<ChargeResult>;
  /**
   * Calls off a charge still waiting for the cardholder, because a newer payment replaced it: the
   * step can no longer be completed (Stripe: PaymentIntent cancel). Answers the charge as it stands
   * afterwards: failed (canceled), or succeeded if the cardholder got there first.
   */
  cancelPayment(ref: string): Promise<ChargeResult>;
  /** The confirmation step of a charge still in requires_action (Stripe: a fresh client secret). */
  nextAction(ref: string): Promise<ProviderAction>;
  /** Removes a saved card at the provider; the payment feature has already deleted its row. */
  detachCard(ref: string): Promise<void>;
};
