import { formatMoney } from '@cuewave/contract/pricing';
import type { SubscriptionDetail } from '@cuewave/contract/subscription';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { SkeletonText } from '../../components/ui/skeleton';
import { formatDate } from '../../lib/format';
import { FormAlert } from '../auth/form-alert';
import { planTitle } from '../registration/plans';
import { otherPeriod } from './actions';
import * as api from './api';
import { useQuote } from '../checkout/use-quote';
import { useSubscriptionCall } from './use-refresh';
import styles from './subscription.module.css';

const WORD = { month: 'monthly', year: 'yearly' } as const;

/** Switch month ↔ year at the period end (decision 045), with what the new period will cost. */
export function PeriodDialog({
  open,
  onClose,
  subscription,
}: {
  open: boolean;
  onClose: () => void;
  subscription: SubscriptionDetail;
}) {
  const to = otherPeriod(subscription.period ?? 'month');
  const quote = useQuote(open ? { plan: subscription.planType, period: to } : null);
  const { busy, run } = useSubscriptionCall();
  const when = subscription.nextPayTS ? formatDate(subscription.nextPayTS) : 'the end of this period';

  async function confirm() {
    const done = await run(() => api.changePeriod(to), { success: `Your billing switches to ${WORD[to]} on ${when}.` });
    if (done) onClose();
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={`Switch to ${WORD[to]} billing`}
      description={`Nothing changes until ${when}. From then on ${planTitle(subscription.planType)} is billed ${WORD[to]}.`}
      data-testid="period-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Not now
          </Button>
          <Button onClick={confirm} loading={busy} data-testid="confirm-period">
            Switch on {when}
          </Button>
        </>
      }
    >
      <div className={styles.dialogBody} aria-live="polite">
        {quote.quote && !quote.loading ? (
          <p data-testid="period-price">
            New price: <strong>{formatMoney(quote.quote.total, quote.quote.currency)}</strong> per {to}
            {quote.quote.tax > 0 ? `, including ${quote.quote.taxPercentage}% tax` : ''}, first charged on {when}.
          </p>
        ) : quote.error ? (
          <FormAlert>{quote.error}</FormAlert>
        ) : (
          <SkeletonText lines={2} />
        )}
        {to === 'year' ? <p className={styles.small}>Yearly billing costs less than twelve monthly payments.</p> : null}
      </div>
    </Modal>
  );
}
