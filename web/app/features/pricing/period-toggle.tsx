import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../components/ui/cx';
import styles from './period-toggle.module.css';

/** spec §3 billing type: how the signup state and analytics name the period. */
export type BillingType = 'monthly' | 'yearly';

export type PeriodToggleProps = {
  value: BillingType;
  onChange: (value: BillingType) => void;
  /** "Save up to 21%" next to Yearly; null or 0 hides it. */
  yearlySavingPercent?: number | null;
  className?: string;
};

/**
 * The monthly / yearly switch: a native radio group styled as a segmented control, so arrow keys,
 * Tab and screen readers work as they do for any radio group.
 */
export function PeriodToggle({ value, onChange, yearlySavingPercent = null, className }: PeriodToggleProps) {
  const name = useId();
  const { t } = useTranslation('pricing');
  return (
    <fieldset className={cx(styles.toggle, className)} data-testid="period-toggle">
      <legend className="visually-hidden">{t('period.legend')}</legend>
      {(['monthly', 'yearly'] as const).map((option) => (
        <label key={option} className={cx(styles.option, value === option && styles.active)}>
          <input
            type="radio"
            name={name}
            value={option}
            checked={value === option}
            onChange={() => onChange(option)}
            className={styles.input}
            data-testid={`period-${option}`}
          />
          {t(option === 'monthly' ? 'period.monthly' : 'period.yearly')}
          {option === 'yearly' && yearlySavingPercent ? (
            <span className={styles.saving} data-testid="period-saving">
              {t('period.saveUpTo', { percent: yearlySavingPercent })}
            </span>
          ) : null}
        </label>
      ))}
    </fieldset>
  );
}
