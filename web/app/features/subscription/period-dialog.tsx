import { Trans, useTranslation } from 'react-i18next';
import type { SubscriptionDetail } from '@cuewave/contract/subscription';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { SkeletonText } from '../../components/ui/skeleton';
import { useFormat } from '../../i18n/format';
import { FormAlert } from '../auth/form-alert';
import { otherPeriod } from './actions';
import * as api from './api';
import { useQuote } from '../checkout/use-quote';
import { planTitle } from './status';
import { useSubscriptionCall } from './use-refresh';
import styles from './subscription.module.css';

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
  const { t } = useTranslation('subscription');
  const format = useFormat();
  const when = subscription.nextPayTS ? format.date(subscription.nextPayTS) : t('period.periodEnd');
  // `…Month` / `…Year` texts: the new period.
  const To = to === 'month' ? 'Month' : 'Year';

  async function confirm() {
    const done = await run(() => api.changePeriod(to), { success: t(`periodDialog.success${To}`, { date: when }) });
    if (done) onClose();
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t(`periodDialog.title${To}`)}
      description={t(`periodDialog.description${To}`, { date: when, plan: planTitle(subscription.planType, t) })}
      data-testid="period-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('actions.notNow')}
          </Button>
          <Button onClick={confirm} loading={busy} data-testid="confirm-period">
            {t('periodDialog.confirm', { date: when })}
          </Button>
        </>
      }
    >
      <div className={styles.dialogBody} aria-live="polite">
        {quote.quote && !quote.loading ? (
          <p data-testid="period-price">
            <Trans
              t={t}
              i18nKey={`periodDialog.price${To}${quote.quote.tax > 0 ? 'Tax' : ''}`}
              values={{
                price: format.money(quote.quote.total, quote.quote.currency),
                percent: quote.quote.taxPercentage,
                date: when,
              }}
              components={{ strong: <strong /> }}
            />
          </p>
        ) : quote.error ? (
          <FormAlert>{quote.error}</FormAlert>
        ) : (
          <SkeletonText lines={2} />
        )}
        {to === 'year' ? <p className={styles.small}>{t('periodDialog.yearlyCheaper')}</p> : null}
      </div>
    </Modal>
  );
}
