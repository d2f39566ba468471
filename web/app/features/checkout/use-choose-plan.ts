import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Account, BillingPeriod, Me, PlanName } from '@cuewave/contract/account';
import type { Currency } from '@cuewave/contract/pricing';
import { apiSend } from '../../lib/api';
import { useTranslation } from 'react-i18next';
import { useApiErrorText } from '../registration/error-messages';
import { billingTypeOf, updateSignup } from '../registration/signup-store';
import { useLocalizedPath } from '../shell/edition';
import { planChoiceTarget } from './plan-choice-target';

export type PlanPick = { plan: PlanName; period: BillingPeriod; currency: Currency; price: number | null };

/**
 * A plan button on a price page: keeps the choice in the signup state (spec §3), saves it on the
 * account when someone is signed in (so it survives another tab or device, decision 051) and opens
 * the page planChoiceTarget names. `pending` is the plan being saved; `error` a failed save.
 */
export function useChoosePlan(viewer: Me | null) {
  const { t } = useTranslation('checkout');
  const friendlyError = useApiErrorText();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const [pending, setPending] = useState<PlanName | null>(null);
  const [error, setError] = useState<string | null>(null);

  const choose = useCallback(
    async ({ plan, period, currency, price }: PlanPick) => {
      const target = planChoiceTarget(viewer, plan, period);
      setError(null);
      if (target.kind !== 'go') {
        const signupPlanPeriod = plan === 'trial' ? null : period;
        updateSignup({
          plan,
          billingType: billingTypeOf(period),
          signupPlan: plan,
          signupPlanPeriod,
          signupCurrency: currency,
          signupPrice: signupPlanPeriod ? price : null,
        });
      }
      if (target.kind === 'save') {
        setPending(plan);
        try {
          await apiSend<Account>('POST', '/v1/account', { json: target.patch });
        } catch (err) {
          setPending(null);
          setError(t('choosePlan.saveFailed', { reason: friendlyError(err) }));
          return;
        }
      }
      await navigate(localized(target.to));
      setPending(null);
    },
    [viewer, navigate, localized, t, friendlyError],
  );

  return { choose, pending, error };
}
