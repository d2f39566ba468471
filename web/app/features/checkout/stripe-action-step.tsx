import { useCallback, useEffect, useRef, useState } from 'react';
import type { NextAction, Payment } from '@cuewave/contract/payment';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { FormAlert } from '../auth/form-alert';
import { useApiErrorText } from '../registration/error-messages';
import { usePaymentProcessorDeps } from './payment-processor';
import { runStripeAction, StripeStepError, stripeStepText } from './stripe-glue';

export type StripeActionStepProps = {
  action: Extract<NextAction, { type: 'stripe_sdk' }>;
  /** The payment waiting for the step: the server re-reads it afterwards. */
  paymentId: string | undefined;
  onDone: (payment: Payment) => void;
  onCancel?: () => void;
};

/**
 * Stripe's 3-D Secure step: stripe.handleNextAction shows the bank's challenge in Stripe's own
 * overlay, so nothing of ours is open meanwhile (a modal with a focus trap would sit in its way);
 * a screen reader hears that the bank is asked. When stripe.js or our API can't be reached, a
 * dialog says so and offers to try again or give up.
 */
export function StripeActionStep({ action, paymentId, onDone, onCancel }: StripeActionStepProps) {
  const { t } = useTranslation('checkout');
  const friendlyError = useApiErrorText();
  const deps = usePaymentProcessorDeps();
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const started = useRef<number | null>(null);
  const mounted = useRef(true);
  const retryRef = useRef<HTMLButtonElement>(null);
  // The latest callback: the caller's closure may change while the bank's step runs.
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(async () => {
    setError(null);
    try {
      if (!paymentId) throw new Error('The payment to confirm is unknown.');
      const config = await deps.loadConfig();
      if (config.provider !== 'stripe' || !config.publishableKey) throw new Error('Stripe is not configured.');
      const stripe = await deps.loadStripe(config.publishableKey);
      const payment = await runStripeAction(stripe, action, paymentId);
      if (mounted.current) onDoneRef.current(payment);
    } catch (err) {
      if (!mounted.current) return;
      setError(
        err instanceof StripeStepError
          ? stripeStepText(err, t)
          : t('secure.finishFailed', { reason: friendlyError(err) }),
      );
    }
  }, [action, paymentId, deps, t, friendlyError]);

  useEffect(() => {
    // Once per attempt, also under StrictMode's double effects: the bank's step must not open twice.
    if (started.current === attempt) return;
    started.current = attempt;
    void run();
  }, [attempt, run]);

  return (
    <>
      <span className="visually-hidden" role="status">
        {error ? '' : t('secure.waiting')}
      </span>
      <Modal
        open={error !== null}
        onClose={() => onCancel?.()}
        dismissible={false}
        size="sm"
        title={t('secure.title')}
        description={t('secure.description')}
        initialFocus={retryRef}
        data-testid="three-d-secure"
        footer={
          <>
            <Button variant="secondary" onClick={() => onCancel?.()} data-testid="three-d-secure-cancel">
              {t('secure.cancel')}
            </Button>
            <Button ref={retryRef} onClick={() => setAttempt((n) => n + 1)} data-testid="three-d-secure-retry">
              {t('secure.tryAgain')}
            </Button>
          </>
        }
      >
        <FormAlert testId="three-d-secure-error">{error}</FormAlert>
      </Modal>
    </>
  );
}
