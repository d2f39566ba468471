import { describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { fixture } from '../../../test/fixtures/stripe/replay-server';
import { cardDetailsOf, chargeStateOf, failureCodeOf, setupResultOf } from './stripe-outcomes';

type Patch = Record<string, unknown>;
// Recorded Stripe objects (test/fixtures/stripe) typed as the SDK's objects.
const intent = (name: string, patch: Patch = {}) => fixture(name, patch) as unknown as Stripe.PaymentIntent;
const setup = (name: string, patch: Patch = {}) => fixture(name, patch) as unknown as Stripe.SetupIntent;
const pi = (patch: Patch = {}) => intent('payment_intent.succeeded', patch);

describe('Stripe outcomes', () => {
  it.each([
    [{ decline_code: 'insufficient_funds', code: 'card_declined' }, 'insufficient_funds'],
    [{ code: 'expired_card' }, 'expired_card'],
    [{ code: 'incorrect_cvc' }, 'incorrect_cvc'],
    [{ code: 'processing_error' }, 'processing_error'],
    [{ decline_code: 'try_again_later', code: 'card_declined' }, 'processing_error'],
    [{ code: 'payment_intent_authentication_failure' }, 'authentication_failed'],
    [{ decline_code: 'stolen_card', code: 'card_declined' }, 'card_declined'],
    [{ decline_code: 'generic_decline', code: 'card_declined' }, 'card_declined'],
    [null, 'card_declined'],
  ] as const)('maps %j to %s', (error, code) => {
    expect(failureCodeOf(error)).toBe(code);
  });

  it('maps every PaymentIntent status', () => {
    expect(chargeStateOf(pi())).toEqual({ status: 'succeeded', ref: pi().id });
    expect(chargeStateOf(intent('payment_intent.requires_action'))).toMatchObject({
      status: 'requires_action',
      action: { type: 'stripe_sdk' },
    });
    expect(chargeStateOf(intent('payment_intent.processing'))).toEqual({ status: 'processing', ref: pi().id });
    expect(chargeStateOf(intent('payment_intent.requires_payment_method'))).toMatchObject({
      status: 'failed',
      code: 'authentication_failed',
    });
    // Cancelled by us when a newer payment replaced it.
    expect(chargeStateOf(pi({ status: 'canceled' }))).toMatchObject({ status: 'failed', code: 'canceled' });
    for (const status of ['requires_confirmation', 'requires_capture']) {
      expect(chargeStateOf(pi({ status }))).toMatchObject({ status: 'failed', code: 'processing_error' });
    }
    // A requires_action without a client secret (never seen, but it would strand the cardholder).
    expect(chargeStateOf(intent('payment_intent.requires_action', { client_secret: null }))).toMatchObject({
      status: 'failed',
    });
  });

  it('keeps only brand, last four, expiry and fingerprint of a card', () => {
    const pm = fixture('payment_method.card') as unknown as Stripe.PaymentMethod;
    expect(cardDetailsOf(pm)).toEqual({
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
      fingerprint: 'Xt5EWLLDS7FJjR1c',
    });
    expect(cardDetailsOf({ ...pm, type: 'sepa_debit', card: undefined } as unknown as Stripe.PaymentMethod)).toBeNull();
  });

  it('maps SetupIntents: succeeded saves, requires_action asks, a setup error fails', () => {
    expect(setupResultOf(setup('setup_intent.succeeded'))).toMatchObject({ status: 'saved' });
    expect(setupResultOf(setup('setup_intent.requires_action'))).toMatchObject({ status: 'requires_action' });
    expect(setupResultOf(setup('setup_intent.created'))).toMatchObject({ status: 'failed', code: 'token_invalid' });
    expect(
      setupResultOf(
        setup('setup_intent.created', {
          last_setup_error: { code: 'card_declined', decline_code: 'insufficient_funds' },
        }),
      ),
    ).toMatchObject({ status: 'failed', code: 'insufficient_funds' });
    // Succeeded, but the payment method was not expanded: cannot be saved without its card.
    expect(
      setupResultOf(setup('setup_intent.succeeded', { payment_method: 'pm_1SPq7RGx4lZ3aBcDeFgHiJkL' })),
    ).toMatchObject({
      code: 'token_invalid',
    });
  });
});
