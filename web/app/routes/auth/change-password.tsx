import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { KeyRound, LinkIcon } from 'lucide-react';
import { PASSWORD_RESET_MINUTES, passwordProblem } from '@cuewave/contract/account';
import { Button, ButtonLink } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { announceAuthChange } from '../../features/auth/session-client';
import { useField } from '../../features/auth/use-field';
import { PasswordField } from '../../features/registration/password-field';
import { ApiError, apiSend } from '../../lib/api';
import { NETWORK_ERROR, waitPhrase } from '../../features/auth/messages';
import styles from '../../features/auth/auth-forms.module.css';
import { FormAlert } from '../../features/auth/form-alert';

export const meta = () => [{ title: 'Choose a new password · Cuewave' }];

/** Answers that mean the emailed link can't be used (expired, used, or never valid). */
const BAD_TOKEN = new Set(['can not find account by token', 'verify jwt token', 'CODE_EXPIRED', 'CODE_INVALID']);

/**
 * The page a password-reset email links to (/auth/change-password?token=…): a new password twice,
 * checked by the contract's rule with a strength meter, then POST /api/v1/account/password/change.
 * Every other session of the account is signed out by the API.
 */
export default function ChangePassword() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirm = useField((value) => {
    if (!value) return 'Enter the new password again.';
    return value === password ? null : 'The passwords don’t match.';
  });
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [badToken, setBadToken] = useState(!token);
  const badTokenHeading = useRef<HTMLHeadingElement>(null);
  const submitted = useRef(false);

  // When the API refuses the link after a submit, the page changes under the user: move focus to say so.
  useEffect(() => {
    if (badToken && submitted.current) badTokenHeading.current?.focus();
  }, [badToken]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const problem = password ? passwordProblem(password) : 'Choose a new password.';
    setPasswordError(problem);
    const confirmed = confirm.check();
    if (problem) return passwordRef.current?.focus();
    if (!confirmed) return confirm.ref.current?.focus();

    setBusy(true);
    submitted.current = true;
    try {
      await apiSend('POST', '/v1/account/password/change', { json: { token, password } });
      // Other tabs of this browser may hold a session the change just ended.
      announceAuthChange();
      navigate('/auth/change-confirmed', { replace: true });
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && (BAD_TOKEN.has(error.body.error) || error.status === 404)) setBadToken(true);
      else if (error instanceof ApiError && error.body.error === 'WEAK_PASSWORD') {
        setPasswordError(error.body.message);
        passwordRef.current?.focus();
      } else if (error instanceof ApiError && error.status === 429)
        setFormError(`Too many attempts. Try again ${waitPhrase(error.retryAfter)}.`);
      else if (error instanceof ApiError) setFormError(error.body.message || 'Something went wrong. Please try again.');
      else setFormError(NETWORK_ERROR);
    }
  }

  if (badToken) {
    return (
      <div className={styles.root} data-testid="change-password-bad-token">
        <div className={`${styles.badge} ${styles.badgeDanger}`} aria-hidden="true">
          <LinkIcon />
        </div>
        <h1 className={styles.title} ref={badTokenHeading} tabIndex={-1}>
          This link can’t be used
        </h1>
        <p className={styles.subtitle}>
          Password reset links work once and expire after {PASSWORD_RESET_MINUTES} minutes. This one has expired, was
          already used, or is incomplete. Ask for a new one and use the latest email.
        </p>
        <div className={styles.actions}>
          <ButtonLink to="/auth/reset-password" size="lg" fullWidth>
            Request a new link
          </ButtonLink>
          <ButtonLink to="/auth/login" variant="ghost" size="lg" fullWidth>
            Back to log in
          </ButtonLink>
        </div>
      </div>
    );
  }

  return (
    <div className={styles.root}>
      <div className={styles.badge} aria-hidden="true">
        <KeyRound />
      </div>
      <h1 className={styles.title}>Choose a new password</h1>
      <p className={styles.subtitle}>After the change, every other device signed in to your account is signed out.</p>

      <FormAlert className={styles.formError} testId="change-password-error">
        {formError}
      </FormAlert>

      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Choose a new password">
        <PasswordField
          ref={passwordRef}
          label="New password"
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={(value) => {
            setPassword(value);
            if (passwordError && !passwordProblem(value)) setPasswordError(null);
          }}
          error={passwordError}
          meter
          testId="new-password"
        />
        <TextField
          {...confirm.inputProps}
          label="Repeat new password"
          name="confirm"
          type="password"
          autoComplete="new-password"
          required
          error={confirm.error}
          data-testid="confirm-password"
        />
        <Button type="submit" size="lg" fullWidth loading={busy} data-testid="change-password-submit">
          Save new password
        </Button>
      </form>

      <p className={styles.switch}>
        <Link to="/auth/login" className={styles.switchLink}>
          Back to log in
        </Link>
      </p>
    </div>
  );
}
