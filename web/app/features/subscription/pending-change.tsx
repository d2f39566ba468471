import { CalendarClock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PendingChange, SubscriptionDetail } from '@cuewave/contract/subscription';
import { Button } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { useFormat } from '../../i18n/format';
import * as api from './api';
import { planTitle, type DateText, type SubscriptionT } from './status';
import { useSubscriptionCall } from './use-refresh';
import styles from './subscription.module.css';

/** "Downgrade to Advanced (monthly) on Apr 5, 2025 — keeps 2 channels." */
export function pendingChangeText(
  change: PendingChange,
  current: Pick<SubscriptionDetail, 'planType'>,
  t: SubscriptionT,
  formatDate: DateText,
): string {
  const date = formatDate(change.effectiveTS);
  if (change.type === 'change_cycle')
    return t(change.period === 'month' ? 'periodDialog.successMonth' : 'periodDialog.successYear', { date });
  const kept = change.channels.length;
  const plans = t('pending.downgrade', {
    from: planTitle(current.planType, t),
    to: planTitle(change.plan, t),
    period: t(`period.${change.period}`),
    date,
  });
  return `${plans} ${kept === 0 ? t('pending.keptNone') : t('pending.kept', { count: kept })}`;
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
  const { t } = useTranslation('subscription');
  const format = useFormat();
  const isDowngrade = change.type === 'downgrade';
  const cancel = () =>
    isDowngrade
      ? run(api.cancelDowngrade, {
          success: t('pending.downgradeCancelled'),
          failure: t('pending.downgradeCancelFailed'),
        })
      : run(api.cancelPeriodChange, {
          success: t('pending.periodChangeCancelled'),
          failure: t('pending.periodChangeCancelFailed'),
        });
  return (
    <div className={cx(styles.notice, styles.noticeWarn)} data-testid="pending-change">
      <p className={styles.noticeText}>
        <CalendarClock aria-hidden="true" />
        <span>{pendingChangeText(change, current, t, format.date)}</span>
      </p>
      <div className={styles.buttons}>
        <Button
          variant="secondary"
          size="sm"
          loading={busy}
          onClick={cancel}
          data-testid={isDowngrade ? 'cancel-downgrade' : 'cancel-period-change'}
        >
          {t(isDowngrade ? 'pending.cancelDowngrade' : 'pending.cancelPeriodChange')}
        </Button>
      </div>
    </div>
  );
}
