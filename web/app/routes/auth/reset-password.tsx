import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { KeyRound } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { CaptchaNotice, useCaptcha } from '../../features/auth/captcha';
import { checkAll, emailProblem, useField } from '../../features/auth/use-field';
import { apiSend } from '../../lib/api';
import { emailRequestErrorMessage } from './login-errors';
import styles from '../../features/auth/auth-forms.module.css';
import { FormAlert } from '../../features/auth/form-alert';

export const meta = () => [{ title: 'Reset your password · Cuewave' }];

/**
 * Password reset request (issue 3): POST /api/v1/account/password/reset answers 202 whether the
 * account exists or not, so the next page says a link was sent *if* it does.
 */
export default function ResetPassword() {
  const navigate = useNavigate();
  const captcha = useCaptcha('reset');
  const email = useField(emailProblem);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    if (!checkAll([email])) return;
    setBusy(true);
    const address = email.value.trim();
    try {
      await apiSend('POST', '/v1/account/password/reset', { json: { email: address, captcha: await captcha.solve() } });
      navigate('/auth/check-email', { state: { email: address, kind: 'reset' } });
    } catch (error) {
      setFormError(emailRequestErrorMessage(error, 'another reset link'));
      setBusy(false);
    }
  }

  return (
    <div className={styles.root}>
      <div className={styles.badge} aria-hidden="true">
        <KeyRound />
      </div>
      <h1 className={styles.title}>Reset your password</h1>
      <p className={styles.subtitle}>
        Enter the email you signed up with and we’ll send you a link to choose a new password.
      </p>

      <FormAlert className={styles.formError} testId="reset-error">
        {formError}
      </FormAlert>

      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Reset your password">
        <TextField
          {...email.inputProps}
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="name@example.com"
          required
          error={email.error}
        />
        <Button type="submit" size="lg" fullWidth loading={busy} data-testid="reset-submit">
          Send reset link
        </Button>
      </form>
      <CaptchaNotice state={captcha.state} />

      <p className={styles.switch}>
        Remembered it?{' '}
        <Link to="/auth/login" className={styles.switchLink}>
          Back to log in
        </Link>
      </p>
    </div>
  );
}
