import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CHANNEL_LIMITS, type BillingPeriod, type PlanName } from '@cuewave/contract/account-rules';
import type { Currency, Plan } from '@cuewave/contract/pricing';
import { TRIAL_DAYS } from '@cuewave/contract/account-rules';
import { useFormat, type Formatters } from '../../i18n/format';
import { planTitle, type SubscriptionT } from './status';
import styles from './subscription.module.css';

/** A plan's list price for a period, e.g. "€29.00 / month" (before tax); null without a card price. */
export function listPrice(
  plans: Plan[],
  plan: PlanName,
  period: BillingPeriod,
  currency: Currency,
  t: SubscriptionT,
  money: Formatters['money'],
): string | null {
  const prices = plans.find((p) => p.name === plan)?.prices;
  if (!prices) return null;
  const price = money(prices[period][currency], currency);
  return t(period === 'month' ? 'planChoice.priceMonth' : 'planChoice.priceYear', { price });
}

/** Radio cards of plans, each with its channel count and list price. */
export function PlanChoice({
  legend,
  options,
  value,
  onChange,
  plans,
  period,
  currency,
  name,
}: {
  legend: string;
  options: PlanName[];
  value: PlanName;
  onChange: (plan: PlanName) => void;
  plans: Plan[];
  period: BillingPeriod;
  currency: Currency;
  name: string;
}) {
  const { t } = useTranslation('subscription');
  const { money } = useFormat();
  return (
    <fieldset className={styles.choices}>
      <legend>{legend}</legend>
      {options.map((plan) => {
        const price = listPrice(plans, plan, period, currency, t, money);
        return (
          <label key={plan} className={styles.choice} data-testid={`${name}-${plan}`}>
            <input type="radio" name={name} value={plan} checked={value === plan} onChange={() => onChange(plan)} />
            <span className={styles.choiceMain}>
              <span className={styles.choiceTitle}>{planTitle(plan, t)}</span>
              <span className={styles.choiceMeta}>
                {t(`tiers.${plan}`, { count: TRIAL_DAYS })} · {t('planChannels', { count: CHANNEL_LIMITS[plan] })}
              </span>
            </span>
            {price ? <span className={styles.choicePrice}>{price}</span> : null}
          </label>
        );
      })}
    </fieldset>
  );
}

/** Monthly or yearly, as two radio cards. */
export function PeriodChoice({
  value,
  onChange,
  legend,
}: {
  value: BillingPeriod;
  onChange: (period: BillingPeriod) => void;
  legend?: string;
}) {
  const name = useId();
  const { t } = useTranslation('subscription');
  return (
    <fieldset className={styles.choices}>
      <legend>{legend ?? t('period.legend')}</legend>
      <div className={styles.periodToggle}>
        {(['month', 'year'] as const).map((period) => (
          <label key={period} className={styles.choice} data-testid={`period-${period}`}>
            <input
              type="radio"
              name={name}
              value={period}
              checked={value === period}
              onChange={() => onChange(period)}
            />
            <span className={styles.choiceTitle}>{t(`period.${period}Title`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
