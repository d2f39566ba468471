import { useId, useState, type Ref } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { TextField } from '../../components/ui/text-field';
import { passwordStrength } from './password-strength';
import styles from './forms.module.css';

export type PasswordFieldProps = {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'new-password' | 'current-password';
  error?: string | null;
  /** Shows the strength meter (new passwords). */
  meter?: boolean;
  /** Compared against the password by the strength rule. */
  email?: string;
  disabled?: boolean;
  ref?: Ref<HTMLInputElement>;
  testId?: string;
};

/** A password input with show / hide and, for new passwords, a strength meter tied to the rule. */
export function PasswordField({
  label,
  name,
  value,
  onChange,
  autoComplete,
  error,
  meter,
  email,
  disabled,
  ref,
  testId,
}: PasswordFieldProps) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  const meterId = useId();
  const strength = passwordStrength(value, t, email);
  return (
    <div className={styles.passwordField}>
      <TextField
        ref={ref}
        label={label}
        name={name}
        type={visible ? 'text' : 'password'}
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={error}
        disabled={disabled}
        required
        aria-describedby={meter ? meterId : undefined}
        data-testid={testId}
        hint={meter ? t('password.hint') : undefined}
        trailing={
          <IconButton
            aria-label={visible ? t('password.hide') : t('password.show')}
            aria-pressed={visible}
            icon={visible ? <EyeOff /> : <Eye />}
            size="sm"
            onClick={() => setVisible((v) => !v)}
            disabled={disabled}
          />
        }
      />
      {meter ? (
        <div id={meterId} className={styles.meter} data-score={strength.score} aria-live="polite">
          <div className={styles.meterBars} aria-hidden="true">
            {[1, 2, 3, 4].map((bar) => (
              <span key={bar} className={cx(styles.meterBar, strength.score >= bar && styles.meterOn)} />
            ))}
          </div>
          {strength.score > 0 ? (
            <p className={styles.meterText} data-testid="password-strength">
              <span className="visually-hidden">{t('password.strength')}</span>
              <strong>{strength.label}</strong>
              {strength.problem ? ` — ${strength.problem}` : null}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
