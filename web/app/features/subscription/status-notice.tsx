import type { ReactNode } from 'react';
import { AlertTriangle, CreditCard, RotateCcw } from 'lucide-react';
import { currencySchema } from '@cuewave/contract/pricing';
import { PENDING_PAYMENT_HOURS, type SubscriptionDetail } from '@cuewave/contract/subscription';
import { Button, ButtonLink } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { formatDate } from '../../lib/format';
import { purchaseSubscription } from '../checkout/api';
import { availableActions } from './actions';
import * as api from './api';
import { useChargeFlow } from './charge-flow';
import { BILLING_PATH } from './paths';
import styles from './subscription.module.css';

/**
 * The states that need the subscriber (decision 045): a failed renewal (retry or change the card),
 * an unfinished first payment, and a cancelled plan that can still be renewed.
 */
export function StatusNotice({ subscription }: { subscription: SubscriptionDetail }) {
  const actions = availableActions(subscription);
  const charge = useChargeFlow();
  const ends = subscription.nextPayTS ? formatDate(subscription.nextPayTS) : null;

  if (actions.has('retryPayment')) {
    const attempts = subscription.retry?.attempts ?? 0;
    return (
      <Notice
        tone="danger"
        text={`Your renewal payment failed${attempts > 1 ? ` ${attempts} times` : ''}. Update your card or retry now so your licence keeps covering your channels.`}
        dialog={charge.dialog}
      >
        <Button
          size="sm"
          icon={<RotateCcw />}
          loading={charge.busy}
          onClick={() => charge.start(api.renew, { success: 'Payment successful. Your plan is active again.' })}
          data-testid="retry-payment"
        >
          Retry payment
        </Button>
        <ButtonLink to={BILLING_PATH} size="sm" variant="secondary" icon={<CreditCard />}>
          Update your card
        </ButtonLink>
      </Notice>
    );
  }

  if (actions.has('finishCheckout') && subscription.period) {
    const { planType: plan, period } = subscription;
    const currency = currencySchema.safeParse(subscription.currency).data ?? null;
    return (
      <Notice
        tone="warn"
        text={`Your payment hasn’t been completed, so the plan hasn’t started yet. Pay with your saved card, or add another one first. An order that isn’t paid within ${PENDING_PAYMENT_HOURS} hours is dropped.`}
        dialog={charge.dialog}
      >
        <Button
          size="sm"
          icon={<CreditCard />}
          loading={charge.busy}
          onClick={() =>
            // The checkout's own call: decision 045 reuses the pending subscription and its key.
            charge.start(() => purchaseSubscription({ plan, period, currency }), {
              success: 'Payment successful. Your plan is active.',
            })
          }
          data-testid="finish-payment"
        >
          Complete payment
        </Button>
        <ButtonLink to={BILLING_PATH} size="sm" variant="secondary">
          Use another card
        </ButtonLink>
      </Notice>
    );
  }

  if (actions.has('renew')) {
    return (
      <Notice
        tone="warn"
        text={`${ends ? `Your plan ends on ${ends}.` : 'Your plan ends at the end of this period.'} Renew to keep your licence; you won’t be charged until then.`}
        dialog={charge.dialog}
      >
        <Button
          size="sm"
          icon={<RotateCcw />}
          loading={charge.busy}
          onClick={() => charge.start(api.renew, { success: 'Your subscription renews again.' })}
          data-testid="renew"
        >
          Renew subscription
        </Button>
      </Notice>
    );
  }
  return null;
}

/** One notice: the sentence with its icon, the actions, and the charge flow's dialog (3-D Secure). */
function Notice({
  tone,
  text,
  dialog,
  children,
}: {
  tone: 'warn' | 'danger';
  text: string;
  dialog: ReactNode;
  children: ReactNode;
}) {
  return (
    <div
      className={cx(styles.notice, tone === 'danger' ? styles.noticeDanger : styles.noticeWarn)}
      data-testid="status-notice"
    >
      <p className={styles.noticeText}>
        <AlertTriangle aria-hidden="true" />
        <span>{text}</span>
      </p>
      <div className={styles.buttons}>{children}</div>
      {dialog}
    </div>
  );
}
