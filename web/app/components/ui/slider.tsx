import { useId, type CSSProperties, type InputHTMLAttributes } from 'react';
import { cx } from './cx';
import styles from './slider.module.css';

export type SliderProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange' | 'min' | 'max'> & {
  value: number;
  onValueChange: (value: number) => void;
  min?: number;
  max?: number;
  step?: number;
  /** Visible label; when omitted pass aria-label. */
  label?: string;
  /** Hide the visible label but keep it as the accessible name. */
  hideLabel?: boolean;
  /** Show the current value at the end. */
  showValue?: boolean;
  /** How the value is read out and shown, e.g. v => `${v}%`. */
  formatValue?: (value: number) => string;
  className?: string;
};

/** An accessible range input (native <input type="range">, so keyboard and AT support come free). */
export function Slider({
  value,
  onValueChange,
  min = 0,
  max = 100,
  step = 1,
  label,
  hideLabel,
  showValue,
  formatValue,
  className,
  id,
  ...rest
}: SliderProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const fill = max > min ? ((value - min) / (max - min)) * 100 : 0;
  const text = formatValue ? formatValue(value) : String(value);
  return (
    <div className={cx(styles.root, className)}>
      {label ? (
        <label htmlFor={inputId} className={hideLabel ? 'visually-hidden' : styles.label}>
          {label}
        </label>
      ) : null}
      <input
        id={inputId}
        type="range"
        className={styles.input}
        min={min}
        max={max}
        step={step}
        value={value}
        aria-valuetext={formatValue ? text : undefined}
        onChange={(event) => onValueChange(Number(event.currentTarget.value))}
        style={{ '--fill': `${fill}%` } as CSSProperties}
        {...rest}
      />
      {showValue ? (
        <span className={styles.value} aria-hidden="true">
          {text}
        </span>
      ) : null}
    </div>
  );
}
