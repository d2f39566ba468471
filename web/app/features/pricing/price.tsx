import { TRIAL_DAYS, type BillingPeriod } from '@cuewave/contract/account-rules';
import type { Currency, Plan } from '@cuewave/contract/pricing';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';
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
  const { t } = useTranslation('pricing');
  const { money } = useFormat();
  if (plan.purchase === 'trial') {
    return (
      <div className={cx(styles.price, className)} data-testid="plan-price">
        <p className={styles.amount}>
          <span className={styles.value}>{t('price.free')}</span>
        </p>
        <p className={styles.billed}>{t('price.trialFor', { count: TRIAL_DAYS })}</p>
      </div>
    );
  }

  const perMonth = perMonthOf(plan, period, currency);
  const billed = listPriceOf(plan, period, currency);
  if (perMonth === null || billed === null) {
    return (
      <div className={cx(styles.price, className)} data-testid="plan-price">
        <p className={styles.amount}>
          <span className={styles.value}>{t('price.custom')}</span>
        </p>
        <p className={styles.billed}>{t('price.customNote')}</p>
      </div>
    );
  }

  const saving = yearlySavingOf(plan, currency);
  const yearly = listPriceOf(plan, 'year', currency);
  return (
    <div className={cx(styles.price, className)} data-testid="plan-price" data-currency={currency}>
      <p className={styles.amount}>
        <span className={styles.value} data-testid="plan-price-amount">
          {money(perMonth, currency)}
        </span>
        <span className={styles.unit} aria-hidden="true">
          {t('price.unit')}
        </span>
        <span className="visually-hidden"> {t('price.perMonth')}</span>
      </p>
      {period === 'year' ? (
        <>
          <p className={styles.billed} data-testid="plan-price-billed">
            {t('price.billedYearly', { price: money(billed, currency) })}
          </p>
          {saving ? (
            <p className={styles.saving} data-testid="plan-price-saving">
              {t('price.saving', { amount: money(saving.amount, currency) })}
            </p>
          ) : null}
        </>
      ) : (
        <>
          <p className={styles.billed} data-testid="plan-price-billed">
            {t('price.billedMonthly')}
          </p>
          {saving && yearly !== null ? (
            <p className={styles.hint}>
              {t('price.yearlyHint', { price: money(yearly, currency), percent: saving.percent })}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
