import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHANNEL_LIMITS, type BillingPeriod, type PlanName } from '@cuewave/contract/account-rules';
import type { Channel } from '@cuewave/contract/licence';
import type { Currency, Plan } from '@cuewave/contract/pricing';
import type { SubscriptionDetail } from '@cuewave/contract/subscription';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { useFormat } from '../../i18n/format';
import { channelsToKeepProblem, downgradeTargets } from './actions';
import * as api from './api';
import { PeriodChoice, PlanChoice } from './plan-choice';
import { channelLabel, planTitle } from './status';
import { useSubscriptionCall } from './use-refresh';
import styles from './subscription.module.css';

/**
 * Downgrade at the period end (decision 045): a lower plan, its period, and which channels the
 * smaller licence keeps (at most its limit; the others are removed when it applies).
 */
export function DowngradeDialog({
  open,
  onClose,
  subscription,
  plans,
  channels,
}: {
  open: boolean;
  onClose: () => void;
  subscription: SubscriptionDetail;
  plans: Plan[];
  channels: Channel[];
}) {
  const targets = downgradeTargets(subscription.planType);
  const [plan, setPlan] = useState<PlanName>(targets[targets.length - 1] ?? 'start');
  const [period, setPeriod] = useState<BillingPeriod>(subscription.period ?? 'month');
  const limit = CHANNEL_LIMITS[plan];
  const [kept, setKept] = useState<Set<string>>(() => new Set(channels.slice(0, limit).map((c) => c.id)));
  const { busy, run } = useSubscriptionCall();
  const hintId = useId();
  const currency = (subscription.currency ?? 'usd') as Currency;
  const { t } = useTranslation('subscription');
  const format = useFormat();
  const when = subscription.nextPayTS ? format.date(subscription.nextPayTS) : t('period.periodEnd');

  // A smaller plan keeps the first channels that fit; a change of mind starts from there again.
  useEffect(() => {
    if (open) setKept(new Set(channels.slice(0, CHANNEL_LIMITS[plan]).map((c) => c.id)));
  }, [open, plan, channels]);

  const problem = channelsToKeepProblem(kept.size, plan, t);

  async function confirm() {
    if (problem) return;
    const chosen = channels.filter((c) => kept.has(c.id)).map(({ type, url }) => ({ type, url }));
    const done = await run(() => api.downgrade(plan, period, chosen), {
      success: t('downgrade.success', { plan: planTitle(plan, t), date: when }),
    });
    if (done) onClose();
  }

  function toggle(id: string) {
    setKept((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('downgrade.title')}
      description={t('downgrade.description', { plan: planTitle(subscription.planType, t), date: when })}
      data-testid="downgrade-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('actions.notNow')}
          </Button>
          <Button onClick={confirm} loading={busy} disabled={!!problem} data-testid="confirm-downgrade">
            {t('downgrade.confirm', { date: when })}
          </Button>
        </>
      }
    >
      <div className={styles.dialogBody}>
        <PlanChoice
          legend={t('actions.newPlan')}
          name="downgrade-plan"
          options={targets}
          value={plan}
          onChange={setPlan}
          plans={plans}
          period={period}
          currency={currency}
        />
        <PeriodChoice value={period} onChange={setPeriod} />
        {channels.length ? (
          <fieldset className={styles.choices} aria-describedby={hintId}>
            <legend>{t('downgrade.keepLegend', { kept: kept.size, limit })}</legend>
            <p id={hintId} className={styles.small}>
              {t('downgrade.hint', { plan: planTitle(plan, t), count: limit, date: when })}
            </p>
            {channels.map((channel) => (
              <label key={channel.id} className={styles.choice} data-testid="keep-channel">
                <input
                  type="checkbox"
                  checked={kept.has(channel.id)}
                  onChange={() => toggle(channel.id)}
                  disabled={!kept.has(channel.id) && kept.size >= limit}
                  value={channel.url}
                />
                <span className={styles.choiceMain}>
                  <span className={styles.choiceTitle}>{channelLabel(channel.type, t)}</span>
                  <span className={styles.choiceMeta}>{channel.url}</span>
                </span>
              </label>
            ))}
          </fieldset>
        ) : (
          <p className={styles.small}>{t('downgrade.noChannels')}</p>
        )}
        {problem ? (
          <p className={styles.error} role="alert">
            {problem}
          </p>
        ) : null}
      </div>
    </Modal>
  );
}
