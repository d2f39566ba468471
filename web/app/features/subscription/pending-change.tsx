import { CalendarClock } from 'lucide-react';
import type { PendingChange, SubscriptionDetail } from '@cuewave/contract/subscription';
import { Button } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { formatDate } from '../../lib/format';
import { planTitle } from '../registration/plans';
import * as api from './api';
import { useSubscriptionCall } from './use-refresh';
import styles from './subscription.module.css';

const PERIOD = { month: 'monthly', year: 'yearly' } as const;

/** "Downgrade to Advanced (monthly) on Apr 5, 2025 — keeps 2 channels." */
export function pendingChangeText(change: PendingChange, current: Pick<SubscriptionDetail, 'planType'>): string {
  const when = formatDate(change.effectiveTS);
  if (change.type === 'change_cycle') return `Your billing switches to ${PERIOD[change.period]} on ${when}.`;
  const kept = change.channels.length;
  return (
    `Your plan changes from ${planTitle(current.planType)} to ${planTitle(change.plan)} (${PERIOD[change.period]}) on ${when}. ` +
    `${kept === 0 ? 'No channels are' : `${kept} channel${kept === 1 ? ' is' : 's are'}`} kept; the others are removed then.`
  );
}

/** A change waiting for the period end, with the button that drops it (spec §8 toasts). */
export function PendingChangeNotice({
  change,
  current,
}: {
  change: PendingChange;
  current: Pick<SubscriptionDetail, 'planType'>;
}) {
  const { busy, run } = useSubscriptionCall();
  const isDowngrade = change.type === 'downgrade';
  const cancel = () =>
    isDowngrade
      ? run(api.cancelDowngrade, {
          success: 'Downgrade cancelled successfully!',
          failure: 'Failed to cancel downgrade.',
        })
      : run(api.cancelPeriodChange, {
          success: 'Billing period change cancelled.',
          failure: 'Failed to cancel the billing period change.',
        });
  return (
    <div className={cx(styles.notice, styles.noticeWarn)} data-testid="pending-change">
      <p className={styles.noticeText}>
        <CalendarClock aria-hidden="true" />
        <span>{pendingChangeText(change, current)}</span>
      </p>
      <div className={styles.buttons}>
        <Button
          variant="secondary"
          size="sm"
          loading={busy}
          onClick={cancel}
          data-testid={isDowngrade ? 'cancel-downgrade' : 'cancel-period-change'}
        >
          {isDowngrade ? 'Cancel downgrade' : 'Cancel period change'}
        </Button>
      </div>
    </div>
  );
}
