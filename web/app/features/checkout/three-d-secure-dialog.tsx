import { useRef, useState } from 'react';
import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { NextAction, Payment } from '@cuewave/contract/payment';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { FormAlert } from '../auth/form-alert';
import { useApiErrorText } from '../registration/error-messages';
import { confirmSandboxPayment } from './api';
import { StripeActionStep } from './stripe-action-step';
import styles from './checkout.module.css';

export type ThreeDSecureDialogProps = {
  /** The payment's next action; the dialog is open while it is set. */
  action: NextAction | null;
  /** Called with the payment as the confirmation left it (succeeded, or failed: authentication_failed). */
  onDone: (payment: Payment) => void;
  /** What is being paid, e.g. "PLN 1648.19", shown to the cardholder. */
  amount?: string;
  /** The buyer gave up a step that could not run (stripe.js or the API unreachable). */
  onCancel?: () => void;
  /** The payment waiting for the step; Stripe's step needs it to have the server re-read the payment. */
  paymentId?: string;
};

/**
 * The 3-D Secure step of a payment in requires_action, whichever processor asked for it (decision
 * 043): the sandbox's confirmation dialog, or Stripe's challenge run by stripe.js. Either way
 * onDone gets the payment as the step left it and the caller repeats its call (decision 045).
 */
export function ThreeDSecureDialog(props: ThreeDSecureDialogProps) {
  const { action } = props;
  if (action?.type === 'stripe_sdk') {
    // Keyed by the client secret: a new payment starts a new step.
    return (
      <StripeActionStep
        key={action.clientSecret}
        action={action}
        paymentId={props.paymentId}
        onDone={props.onDone}
        onCancel={props.onCancel}
      />
    );
  }
  return <SandboxDialog {...props} />;
}

/**
 * The sandbox processor's 3-D Secure step (decision 043): the cardholder approves or rejects the
 * payment, and the answer is posted to the payment's confirmPath. Closing the dialog rejects, like
 * cancelling a bank's challenge, so the payment never hangs half-confirmed. The caller then repeats
 * its action (decision 045).
 */
function SandboxDialog({ action, onDone, amount, onCancel }: ThreeDSecureDialogProps) {
  const { t } = useTranslation('checkout');
  const friendlyError = useApiErrorText();
  const [sending, setSending] = useState<'approve' | 'reject' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const approveRef = useRef<HTMLButtonElement>(null);
  const busy = useRef(false);

  const sandbox = action?.type === 'sandbox_3ds' && /^\/v1\//.test(action.confirmPath) ? action : null;

  async function answer(approve: boolean) {
    if (!sandbox || busy.current) return;
    busy.current = true;
    setSending(approve ? 'approve' : 'reject');
    setError(null);
    try {
      const payment = await confirmSandboxPayment(sandbox, approve);
      onDone(payment);
    } catch (err) {
      setError(t('secure.answerFailed', { reason: friendlyError(err) }));
    } finally {
      busy.current = false;
      setSending(null);
    }
  }

  return (
    <Modal
      open={action !== null}
      onClose={() => (sandbox ? void answer(false) : onCancel?.())}
      dismissible={false}
      size="sm"
      title={t('secure.title')}
      description={amount ? t('secure.descriptionAmount', { amount }) : t('secure.description')}
      initialFocus={approveRef}
      data-testid="three-d-secure"
      footer={
        sandbox ? (
          <>
            <Button
              variant="secondary"
              onClick={() => void answer(false)}
              loading={sending === 'reject'}
              disabled={sending !== null}
              data-testid="three-d-secure-reject"
            >
              {t('secure.reject')}
            </Button>
            <Button
              ref={approveRef}
              onClick={() => void answer(true)}
              loading={sending === 'approve'}
              disabled={sending !== null}
              data-testid="three-d-secure-approve"
            >
              {t('secure.approve')}
            </Button>
          </>
        ) : null
      }
    >
      <div className={styles.secure}>
        <span className={styles.secureIcon} aria-hidden="true">
          <ShieldCheck />
        </span>
        {sandbox ? <p>{t('secure.sandboxText')}</p> : <p>{t('secure.unsupported')}</p>}
      </div>
      <FormAlert testId="three-d-secure-error">{error}</FormAlert>
    </Modal>
  );
}
