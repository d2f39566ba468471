import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@cuewave/contract/pricing';
import { cx } from '../../components/ui/cx';
import { currencyOptions, parseCurrency } from './currency';
import styles from './currency-picker.module.css';

export type CurrencyPickerProps = {
  value: Currency;
  onChange: (value: Currency) => void;
  className?: string;
};

/** Lets a visitor see prices in another of the five currencies (spec §3). A native select: it is
 * the most usable picker for five options on a phone and needs no extra keyboard handling. */
export function CurrencyPicker({ value, onChange, className }: CurrencyPickerProps) {
  const id = useId();
  const { t } = useTranslation('pricing');
  return (
    <div className={cx(styles.picker, className)}>
      <label htmlFor={id} className={styles.label}>
        {t('currency.label')}
      </label>
      <select
        id={id}
        className={styles.select}
        value={value}
        onChange={(event) => {
          const next = parseCurrency(event.target.value);
          if (next) onChange(next);
        }}
        data-testid="currency-picker"
      >
        {currencyOptions(t).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
