import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BillingPeriod, PlanName } from '@cuewave/contract/account';
import type { Currency, Plan } from '@cuewave/contract/pricing';
import type { SubscriptionDetail } from '@cuewave/contract/subscription';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { SkeletonText } from '../../components/ui/skeleton';
import { FormAlert } from '../auth/form-alert';
import { QuoteSummary } from '../checkout/quote-summary';
import { useFormat } from '../../i18n/format';
import { upgradeTargets } from './actions';
import * as api from './api';
import { useChargeFlow } from './charge-flow';
import { PeriodChoice, PlanChoice } from './plan-choice';
import { planTitle } from './status';
import { useQuote } from '../checkout/use-quote';
import styles from './subscription.module.css';

/**
 * Upgrade now (decision 045): pick a higher plan and period, see the prorated quote (the unused
 * part of the period paid is credited) and confirm; the card is charged at once.
 */
export function UpgradeDialog({
  open,
  onClose,
  subscription,
  plans,
}: {
  open: boolean;
  onClose: () => void;
  subscription: SubscriptionDetail;
  plans: Plan[];
}) {
  const targets = upgradeTargets(subscription.planType);
  const [plan, setPlan] = useState<PlanName>(targets[targets.length - 1] ?? 'professional');
  const [period, setPeriod] = useState<BillingPeriod>(subscription.period ?? 'year');
  const [error, setError] = useState<string | null>(null);
  const quote = useQuote(open && plan ? { plan, period, upgrade: true } : null);
  const charge = useChargeFlow();
  const currency = (subscription.currency ?? 'usd') as Currency;
  const { t } = useTranslation('subscription');
  const format = useFormat();

  function confirm() {
    setError(null);
    void charge.start(() => api.upgrade(plan, period), {
      success: t('upgrade.success', { plan: planTitle(plan, t) }),
      onError: setError,
      onDone: onClose,
    });
  }

  const total = quote.quote ? format.money(quote.quote.total, quote.quote.currency) : null;
  return (
    <>
      <Modal
        open={open && !charge.dialog}
        onClose={onClose}
        title={t('upgrade.title')}
        description={t('upgrade.description')}
        data-testid="upgrade-dialog"
        footer={
          <>
            <Button variant="ghost" onClick={onClose}>
              {t('actions.notNow')}
            </Button>
            <Button
              onClick={confirm}
              loading={charge.busy}
              disabled={!quote.quote || quote.loading}
              data-testid="confirm-upgrade"
            >
              {total ? t('upgrade.pay', { total }) : t('upgrade.confirm')}
            </Button>
          </>
        }
      >
        <div className={styles.dialogBody}>
          <PlanChoice
            legend={t('actions.newPlan')}
            name="upgrade-plan"
            options={targets}
            value={plan}
            onChange={(p) => {
              setPlan(p);
              setError(null);
            }}
            plans={plans}
            period={period}
            currency={currency}
          />
          <PeriodChoice
            value={period}
            onChange={(p) => {
              setPeriod(p);
              setError(null);
            }}
          />
          <div aria-live="polite" aria-busy={quote.loading}>
            {quote.quote && !quote.loading ? (
              <QuoteSummary quote={quote.quote} />
            ) : quote.error ? (
              <FormAlert>{quote.error}</FormAlert>
            ) : (
              <SkeletonText lines={4} />
            )}
          </div>
          <FormAlert testId="upgrade-error">{error}</FormAlert>
        </div>
      </Modal>
      {charge.dialog}
    </>
  );
}
