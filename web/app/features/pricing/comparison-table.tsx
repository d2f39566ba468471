import { useId } from 'react';
import { Check, Minus } from 'lucide-react';
import type { BillingPeriod } from '@cuewave/contract/account';
import type { Currency, Plan } from '@cuewave/contract/pricing';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';
import { COMPARED_PLANS, COMPARISON_ROWS, type Cell } from './comparison';
import { perMonthOf } from './plan-price';
import styles from './comparison-table.module.css';

export type ComparisonTableProps = {
  plans: readonly Plan[] | null;
  period: BillingPeriod;
  currency: Currency;
};

function CellValue({ value }: { value: Cell }) {
  const { t } = useTranslation('pricing');
  const format = useFormat();
  if (value === true)
    return (
      <>
        <Check className={styles.yes} aria-hidden="true" />
        <span className="visually-hidden">{t('comparison.included')}</span>
      </>
    );
  if (value === false)
    return (
      <>
        <Minus className={styles.no} aria-hidden="true" />
        <span className="visually-hidden">{t('comparison.notIncluded')}</span>
      </>
    );
  return (
    <span className={styles.text}>
      {typeof value === 'number' ? format.number(value) : t(`comparison.values.${value}`)}
    </span>
  );
}

/**
 * The plans side by side. A real table (row and column headers), scrollable sideways on a phone with
 * the row labels kept in view; the scroll box is focusable so keyboard users can scroll it too.
 */
export function ComparisonTable({ plans, period, currency }: ComparisonTableProps) {
  const captionId = useId();
  const { t } = useTranslation('pricing');
  const format = useFormat();
  const titleOf = (name: string) =>
    plans?.find((p) => p.name === name)?.title ?? name[0]!.toUpperCase() + name.slice(1);
  return (
    <div className={styles.scroller} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={styles.table} data-testid="plan-comparison">
        <caption id={captionId} className="visually-hidden">
          {t('comparison.caption')}
        </caption>
        <thead>
          <tr>
            <td className={styles.corner} />
            {COMPARED_PLANS.map((name) => (
              <th key={name} scope="col" className={styles.planHead}>
                {titleOf(name)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {plans ? (
            <tr>
              <th scope="row">
                {t(period === 'year' ? 'comparison.pricePerMonthYearly' : 'comparison.pricePerMonth')}
              </th>
              {COMPARED_PLANS.map((name) => {
                const plan = plans.find((p) => p.name === name);
                const perMonth = plan ? perMonthOf(plan, period, currency) : null;
                return (
                  <td key={name}>
                    <span className={styles.price}>
                      {perMonth === null ? t('comparison.custom') : format.money(perMonth, currency)}
                    </span>
                  </td>
                );
              })}
            </tr>
          ) : null}
          {COMPARISON_ROWS.map((row) => (
            <tr key={row.key}>
              <th scope="row">{t(`comparison.rows.${row.key}`)}</th>
              {COMPARED_PLANS.map((name) => (
                <td key={name}>
                  <CellValue value={row.cells[name]} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
