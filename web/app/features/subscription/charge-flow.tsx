import { useCallback, useState, type ReactNode } from 'react';
import type { Payment } from '@cuewave/contract/payment';
import { useTranslation } from 'react-i18next';
import type { SubscriptionActionResult } from '@cuewave/contract/subscription';
import { useToast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { useRefreshViewer } from '../auth/use-viewer';
import type { CheckoutT } from '../checkout/billing-model';
import { paymentFailureMessage } from '../checkout/purchase';
import { ThreeDSecureDialog } from '../checkout/three-d-secure-dialog';
import { useApiErrorText } from '../registration/error-messages';
import { useFormat } from '../../i18n/format';

type Call = () => Promise<SubscriptionActionResult>;
type Options = {
  success: string;
  /** Where a refused card's message goes (the dialog's alert); default a toast. */
  onError?: (message: string) => void;
  /** After the charge went through (e.g. close the dialog that started it). */
  onDone?: () => void;
};

/**
 * The card's reason for a 402 PAYMENT_FAILED (the checkout's words for it, `ct`), else a general sentence
 * (`general`), both in the page's language.
 */
export function chargeErrorMessage(error: unknown, ct: CheckoutT, general: (error: unknown) => string): string {
  if (error instanceof ApiError && error.status === 402 && error.body.message) {
    return paymentFailureMessage({ message: error.body.message, failureCode: null }, ct);
  }
  return general(error);
}

/**
 * A call that charges the card (upgrade, renew a failed payment): 201 done; 202 waits for the
 * 3-D Secure step, after which the same call is repeated (decision 045: it is idempotent and then
 * answers 201); 402 carries the card's message.
 */
export function useChargeFlow(): {
  busy: boolean;
  start: (call: Call, options: Options) => Promise<void>;
  dialog: ReactNode;
} {
  const toast = useToast();
  const refresh = useRefreshViewer();
  const errorText = useApiErrorText();
  const { t } = useTranslation('subscription');
  const { t: ct } = useTranslation('checkout');
  const format = useFormat();
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<{ payment: Payment; call: Call; options: Options } | null>(null);

  const start = useCallback(
    async (call: Call, options: Options) => {
      setBusy(true);
      try {
        const result = await call();
        if (result.payment?.status === 'requires_action' && result.payment.action) {
          setStep({ payment: result.payment, call, options });
          return;
        }
        toast.success(options.success);
        options.onDone?.();
        await refresh();
      } catch (error) {
        const message = chargeErrorMessage(error, ct, errorText);
        if (options.onError) options.onError(message);
        else toast.error(message);
      } finally {
        setBusy(false);
      }
    },
    [toast, refresh, errorText, ct],
  );

  const finish = (message: string) => {
    const options = step?.options;
    setStep(null);
    if (options?.onError) options.onError(message);
    else toast.error(message);
  };

  const dialog = step ? (
    <ThreeDSecureDialog
      action={step.payment.action}
      paymentId={step.payment.id}
      amount={format.money(step.payment.total, step.payment.currency)}
      onDone={(payment) => {
        if (payment.status === 'succeeded') {
          // The charge went through: repeating the call now answers 201 with the changed subscription.
          const { call, options } = step;
          setStep(null);
          void start(call, options);
        } else
          finish(
            paymentFailureMessage(
              payment.failureCode || payment.message
                ? payment
                : { message: null, failureCode: 'authentication_failed' },
              ct,
            ),
          );
      }}
      onCancel={() => finish(t('charge.bankCancelled'))}
    />
  ) : null;

  return { busy: busy || step !== null, start, dialog };
}
