import { useRef, useState, type FormEvent } from 'react';
import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Payment, StoredPaymentMethod } from '@cuewave/contract/payment';
import type { SubscriptionActionResult } from '@cuewave/contract/subscription';
import { Button } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { ApiError } from '../../lib/api';
import { FormAlert } from '../auth/form-alert';
import { useApiErrorText } from '../registration/error-messages';
import { deletePaymentMethod, makeDefaultPaymentMethod, purchaseSubscription, type PurchaseRequest } from './api';
import { CardForm, cardSaveErrorMessage, useCardForm } from './card-form';
import { cardExpired, cardName, expiryLabel } from './card-label';
import { DefaultCardBadge } from './default-card-badge';
import { paymentFailureMessage, purchaseErrorMessage, purchaseOutcome } from './purchase';
import { ThreeDSecureDialog } from './three-d-secure-dialog';
import styles from './checkout-page.module.css';

export type CheckoutPaymentProps = {
  /** The account's saved cards (default first). */
  methods: StoredPaymentMethod[];
  /** What to buy; null while there is no price to pay (no quote yet). */
  purchase: Omit<PurchaseRequest, 'paymentMethodId'> | null;
  /** The total as shown on the Pay button, e.g. "PLN 1648.19". */
  total: string | null;
  onSuccess: (result: SubscriptionActionResult) => void | Promise<void>;
};

const NEW_CARD = 'new';

/**
 * The payment part of the checkout: a saved card or a new one, the Pay button with the total, the
 * 3-D Secure step and the card's answer. A declined card leaves everything as typed so the buyer can
 * fix it or try another card. One payment at a time: a second click while paying does nothing, and
 * the server charges a repeated call once (decision 045's idempotency key).
 */
export function CheckoutPayment({ methods, purchase, total, onSuccess }: CheckoutPaymentProps) {
  const { t } = useTranslation('checkout');
  const apiErrorText = useApiErrorText();
  const usable = methods.filter((card) => !cardExpired(card));
  const [choice, setChoice] = useState<string>(usable.find((card) => card.isDefault)?.id ?? usable[0]?.id ?? NEW_CARD);
  const card = useCardForm();
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ payment: Payment; methodId: string; newCard: boolean } | null>(null);
  const busy = useRef(false);
  const errorRef = useRef<HTMLDivElement>(null);
  // Cards first saved during this checkout whose charge failed: tidied away once another card pays.
  const failedNewCards = useRef(new Set<string>());
  const knownCards = useRef(new Set(methods.map((m) => m.id)));

  function fail(message: string, methodId?: string) {
    if (methodId && !knownCards.current.has(methodId)) failedNewCards.current.add(methodId);
    setError(message);
    window.setTimeout(() => errorRef.current?.focus(), 0);
  }

  function finish() {
    busy.current = false;
    setPaying(false);
  }

  async function succeed(result: SubscriptionActionResult, methodId: string, newCard: boolean) {
    // The card that just paid is the one renewals should charge; a declined card typed in this
    // checkout is not one the buyer meant to keep. Both are best effort: the payment is done.
    if (newCard) await makeDefaultPaymentMethod(methodId).catch(() => undefined);
    for (const id of failedNewCards.current) {
      if (id !== methodId) await deletePaymentMethod(id).catch(() => undefined);
    }
    await onSuccess(result);
  }

  /** Charges the card; on 202 opens the 3-D Secure step, which repeats this call when approved. */
  async function charge(methodId: string, newCard: boolean) {
    if (!purchase) return;
    try {
      const outcome = purchaseOutcome(await purchaseSubscription({ ...purchase, paymentMethodId: methodId }), t);
      if (outcome.kind === 'active') {
        await succeed(outcome.result, methodId, newCard);
        return;
      }
      if (outcome.kind === 'confirm') {
        setConfirming({ payment: outcome.payment, methodId, newCard });
        return;
      }
      fail(outcome.message, methodId);
    } catch (err) {
      // Only a card the processor refused is marked; any other failure says nothing about the card.
      const refused = err instanceof ApiError && err.body.error === 'PAYMENT_FAILED';
      fail(purchaseErrorMessage(err, t, apiErrorText), refused ? methodId : undefined);
    }
    finish();
  }

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (busy.current || !purchase) return;
    setError(null);
    if (choice === NEW_CARD && !card.validate()) return;
    busy.current = true;
    setPaying(true);
    let methodId = choice;
    if (choice === NEW_CARD) {
      try {
        const saved = await card.saveCard();
        if (!saved) {
          finish();
          return;
        }
        methodId = saved.id;
      } catch (err) {
        fail(cardSaveErrorMessage(err, t('payment.cardCheckFailed'), t, apiErrorText));
        finish();
        return;
      }
    }
    await charge(methodId, choice === NEW_CARD);
  }

  async function confirmed(payment: Payment) {
    const step = confirming;
    setConfirming(null);
    if (!step) return;
    if (payment.status === 'succeeded') {
      // Decision 045: after the step the same purchase call answers 201.
      await charge(step.methodId, step.newCard);
      return;
    }
    fail(paymentFailureMessage(payment, t), step.methodId);
    finish();
  }

  return (
    <>
      <form className={styles.payment} onSubmit={pay} noValidate aria-label={t('payment.form')}>
        {usable.length > 0 ? (
          <fieldset className={styles.cardChoice} disabled={paying}>
            <legend className={styles.legend}>{t('payment.payWith')}</legend>
            {usable.map((saved) => (
              <label key={saved.id} className={cx(styles.choice, choice === saved.id && styles.choiceOn)}>
                <input
                  type="radio"
                  name="payment-method"
                  value={saved.id}
                  checked={choice === saved.id}
                  onChange={() => setChoice(saved.id)}
                  data-testid={`pay-with-${saved.last4}`}
                />
                <span className={styles.choiceText}>
                  <strong>{cardName(saved, t)}</strong>
                  <span>{t('payment.expires', { date: expiryLabel(saved) })}</span>
                </span>
                {saved.isDefault ? <DefaultCardBadge /> : null}
              </label>
            ))}
            <label className={cx(styles.choice, choice === NEW_CARD && styles.choiceOn)}>
              <input
                type="radio"
                name="payment-method"
                value={NEW_CARD}
                checked={choice === NEW_CARD}
                onChange={() => setChoice(NEW_CARD)}
                data-testid="pay-with-new"
              />
              <span className={styles.choiceText}>
                <strong>{t('payment.newCard')}</strong>
              </span>
            </label>
          </fieldset>
        ) : (
          <h2 className={styles.legend}>{t('card.details')}</h2>
        )}

        {choice === NEW_CARD ? <CardForm form={card} disabled={paying} /> : null}

        <FormAlert ref={errorRef} testId="payment-error">
          {error}
        </FormAlert>

        <Button
          type="submit"
          size="lg"
          fullWidth
          icon={<Lock />}
          loading={paying}
          disabled={!purchase || !total}
          data-testid="pay"
        >
          {total ? t('payment.payTotal', { total }) : t('payment.pay')}
        </Button>
      </form>

      <ThreeDSecureDialog
        action={confirming?.payment.action ?? null}
        paymentId={confirming?.payment.id}
        amount={total ?? undefined}
        onDone={(payment) => void confirmed(payment)}
        onCancel={() => {
          setConfirming(null);
          // The payment stays unconfirmed: nothing was charged, and Pay asks again.
          fail(t('payment.confirmationUnfinished'));
          finish();
        }}
      />
    </>
  );
}
