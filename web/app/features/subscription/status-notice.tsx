import type { ReactNode } from 'react';
import { AlertTriangle, CreditCard, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isCurrency } from '@cuewave/contract/pricing';
import { PENDING_PAYMENT_HOURS, type SubscriptionDetail } from '@cuewave/contract/subscription';
import { Button, ButtonLink } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { useFormat } from '../../i18n/format';
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
  const { t } = useTranslation('subscription');
  const format = useFormat();
  const ends = subscription.nextPayTS ? format.date(subscription.nextPayTS) : null;

  if (actions.has('retryPayment')) {
    const attempts = subscription.retry?.attempts ?? 0;
    return (
      <Notice
        tone="danger"
        text={attempts > 1 ? t('notice.paymentFailedTimes', { count: attempts }) : t('notice.paymentFailed')}
        dialog={charge.dialog}
      >
        <Button
          size="sm"
          icon={<RotateCcw />}
          loading={charge.busy}
          onClick={() => charge.start(api.renew, { success: t('notice.retrySuccess') })}
          data-testid="retry-payment"
        >
          {t('notice.retry')}
        </Button>
        <ButtonLink to={BILLING_PATH} size="sm" variant="secondary" icon={<CreditCard />}>
          {t('notice.updateCard')}
        </ButtonLink>
      </Notice>
    );
  }

  if (actions.has('finishCheckout') && subscription.period) {
    const { planType: plan, period } = subscription;
    const currency = isCurrency(subscription.currency) ? subscription.currency : null;
    return (
      <Notice tone="warn" text={t('notice.pending', { count: PENDING_PAYMENT_HOURS })} dialog={charge.dialog}>
        <Button
          size="sm"
          icon={<CreditCard />}
          loading={charge.busy}
          onClick={() =>
            // The checkout's own call: decision 045 reuses the pending subscription and its key.
            charge.start(() => purchaseSubscription({ plan, period, currency }), {
              success: t('notice.paySuccess'),
            })
          }
          data-testid="finish-payment"
        >
          {t('notice.completePayment')}
        </Button>
        <ButtonLink to={BILLING_PATH} size="sm" variant="secondary">
          {t('notice.anotherCard')}
        </ButtonLink>
      </Notice>
    );
  }

  if (actions.has('renew')) {
    return (
      <Notice
        tone="warn"
        text={ends ? t('notice.endsOn', { date: ends }) : t('notice.endsAtPeriodEnd')}
        dialog={charge.dialog}
      >
        <Button
          size="sm"
          icon={<RotateCcw />}
          loading={charge.busy}
          onClick={() => charge.start(api.renew, { success: t('notice.renewSuccess') })}
          data-testid="renew"
        >
          {t('notice.renew')}
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
