import { useState } from 'react';
import type { BillingPeriod, PlanName } from '@cuewave/contract/account';
import { formatMoney, type Currency, type Plan } from '@cuewave/contract/pricing';
import type { SubscriptionDetail } from '@cuewave/contract/subscription';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { SkeletonText } from '../../components/ui/skeleton';
import { FormAlert } from '../auth/form-alert';
import { QuoteSummary } from '../checkout/quote-summary';
import { planTitle } from '../registration/plans';
import { upgradeTargets } from './actions';
import * as api from './api';
import { useChargeFlow } from './charge-flow';
import { PeriodChoice, PlanChoice } from './plan-choice';
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

  function confirm() {
    setError(null);
    void charge.start(() => api.upgrade(plan, period), {
      success: `You’re now on ${planTitle(plan)}. Your new licence covers more channels from today.`,
      onError: setError,
      onDone: onClose,
    });
  }

  const total = quote.quote ? formatMoney(quote.quote.total, quote.quote.currency) : null;
  return (
    <>
      <Modal
        open={open && !charge.dialog}
        onClose={onClose}
        title="Upgrade your plan"
        description="The upgrade starts today. What’s left of the period you paid is credited."
        data-testid="upgrade-dialog"
        footer={
          <>
            <Button variant="ghost" onClick={onClose}>
              Not now
            </Button>
            <Button
              onClick={confirm}
              loading={charge.busy}
              disabled={!quote.quote || quote.loading}
              data-testid="confirm-upgrade"
            >
              {total ? `Pay ${total} and upgrade` : 'Upgrade'}
            </Button>
          </>
        }
      >
        <div className={styles.dialogBody}>
          <PlanChoice
            legend="New plan"
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
