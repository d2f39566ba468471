import { TRIAL_DAYS, type BillingPeriod } from '@cuewave/contract/account';
import { formatMoney, type Currency, type Plan } from '@cuewave/contract/pricing';
import { cx } from '../../components/ui/cx';
import { listPriceOf, perMonthOf, yearlySavingOf } from './plan-price';
import styles from './price.module.css';

export type PlanPriceProps = {
  plan: Plan;
  period: BillingPeriod;
  currency: Currency;
  className?: string;
};

/**
 * A plan's price on a card: what a month costs on the chosen period, what is billed, and what paying
 * yearly saves. List prices before tax (decision 041); checkout adds the tax of the billing country.
 */
export function PlanPrice({ plan, period, currency, className }: PlanPriceProps) {
  if (plan.purchase === 'trial') {
    return (
      <div className={cx(styles.price, className)} data-testid="plan-price">
        <p className={styles.amount}>
          <span className={styles.value}>Free</span>
        </p>
        <p className={styles.billed}>for {TRIAL_DAYS} days, no card needed</p>
      </div>
    );
  }

  const perMonth = perMonthOf(plan, period, currency);
  const billed = listPriceOf(plan, period, currency);
  if (perMonth === null || billed === null) {
    return (
      <div className={cx(styles.price, className)} data-testid="plan-price">
        <p className={styles.amount}>
          <span className={styles.value}>Custom</span>
        </p>
        <p className={styles.billed}>A licence and price made for your team</p>
      </div>
    );
  }

  const saving = yearlySavingOf(plan, currency);
  const yearly = listPriceOf(plan, 'year', currency);
  return (
    <div className={cx(styles.price, className)} data-testid="plan-price" data-currency={currency}>
      <p className={styles.amount}>
        <span className={styles.value} data-testid="plan-price-amount">
          {formatMoney(perMonth, currency)}
        </span>
        <span className={styles.unit} aria-hidden="true">
          /month
        </span>
        <span className="visually-hidden"> per month</span>
      </p>
      {period === 'year' ? (
        <>
          <p className={styles.billed} data-testid="plan-price-billed">
            {formatMoney(billed, currency)} billed yearly
          </p>
          {saving ? (
            <p className={styles.saving} data-testid="plan-price-saving">
              You save {formatMoney(saving.amount, currency)} a year
            </p>
          ) : null}
        </>
      ) : (
        <>
          <p className={styles.billed} data-testid="plan-price-billed">
            Billed monthly
          </p>
          {saving && yearly !== null ? (
            <p className={styles.hint}>
              or {formatMoney(yearly, currency)} a year, save {saving.percent}%
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
