import { useId } from 'react';
import { CHANNEL_LIMITS, type BillingPeriod, type PlanName } from '@cuewave/contract/account';
import { formatMoney, type Currency, type Plan } from '@cuewave/contract/pricing';
import { planInfo } from '../registration/plans';
import styles from './subscription.module.css';

/** A plan's list price for a period, e.g. "€29.00 / month" (before tax); null without a card price. */
export function listPrice(plans: Plan[], plan: PlanName, period: BillingPeriod, currency: Currency): string | null {
  const prices = plans.find((p) => p.name === plan)?.prices;
  if (!prices) return null;
  return `${formatMoney(prices[period][currency], currency)} / ${period}`;
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
  return (
    <fieldset className={styles.choices}>
      <legend>{legend}</legend>
      {options.map((plan) => {
        const info = planInfo(plan);
        const price = listPrice(plans, plan, period, currency);
        return (
          <label key={plan} className={styles.choice} data-testid={`${name}-${plan}`}>
            <input type="radio" name={name} value={plan} checked={value === plan} onChange={() => onChange(plan)} />
            <span className={styles.choiceMain}>
              <span className={styles.choiceTitle}>{info.title}</span>
              <span className={styles.choiceMeta}>
                {info.tier} · {CHANNEL_LIMITS[plan]} channel{CHANNEL_LIMITS[plan] === 1 ? '' : 's'}
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
  legend = 'Billing period',
}: {
  value: BillingPeriod;
  onChange: (period: BillingPeriod) => void;
  legend?: string;
}) {
  const name = useId();
  return (
    <fieldset className={styles.choices}>
      <legend>{legend}</legend>
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
            <span className={styles.choiceTitle}>{period === 'month' ? 'Monthly' : 'Yearly'}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
