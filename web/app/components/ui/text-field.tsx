import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { AlertCircle } from 'lucide-react';
import { cx } from './cx';
import styles from './text-field.module.css';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> & {
  label: ReactNode;
  /** Shown under the field and announced; marks the input aria-invalid. */
  error?: string | null;
  hint?: ReactNode;
  /** Content at the right edge inside the field (e.g. a show-password button). */
  trailing?: ReactNode;
  /** Content at the right of the label row (e.g. a "Forgot password?" link). */
  labelAside?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  className?: string;
};

/** A labelled text input with hint and error wiring (aria-describedby / aria-invalid). */
export function TextField({ label, error, hint, trailing, labelAside, className, id, ref, ...rest }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [rest['aria-describedby'], hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx(styles.field, className)}>
      <div className={styles.labelRow}>
        <label htmlFor={inputId} className={styles.label}>
          {label}
        </label>
        {labelAside}
      </div>
      <div className={cx(styles.control, !!error && styles.invalid)}>
        <input
          ref={ref}
          id={inputId}
          className={cx(styles.input, !!trailing && styles.withTrailing)}
          aria-invalid={error ? true : undefined}
          {...rest}
          aria-describedby={describedBy}
        />
        {trailing ? <div className={styles.trailing}>{trailing}</div> : null}
      </div>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error}>
          <AlertCircle aria-hidden="true" />
          {error}
        </p>
      ) : null}
    </div>
  );
}
