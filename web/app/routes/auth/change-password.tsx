import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { KeyRound, LinkIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_RESET_MINUTES } from '@cuewave/contract/account-rules';
import { Button, ButtonLink } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { announceAuthChange } from '../../features/auth/session-client';
import { useField } from '../../features/auth/use-field';
import { PasswordField } from '../../features/registration/password-field';
import { passwordProblemText, passwordRuleText } from '../../features/registration/password-strength';
import { ApiError, apiSend } from '../../lib/api';
import { waitPhrase } from '../../features/auth/messages';
import styles from '../../features/auth/auth-forms.module.css';
import { FormAlert } from '../../features/auth/form-alert';
import { requestTexts } from '../../i18n/request-texts.server';
import type { Route } from './+types/change-password';

/** The page's title in the request's language (meta runs outside React). */
export function loader({ request }: Route.LoaderArgs) {
  const { t } = requestTexts(request, 'auth');
  return { title: t('meta.changePassword') };
}

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title }];

/** Answers that mean the emailed link can't be used (expired, used, or never valid). */
const BAD_TOKEN = new Set(['can not find account by token', 'verify jwt token', 'CODE_EXPIRED', 'CODE_INVALID']);

/**
 * The page a password-reset email links to (/auth/change-password?token=…): a new password twice,
 * checked by the contract's rule with a strength meter, then POST /api/v1/account/password/change.
 * Every other session of the account is signed out by the API.
 */
export default function ChangePassword() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirm = useField((value) => {
    if (!value) return t('changePassword.repeatMissing');
    return value === password ? null : t('changePassword.mismatch');
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
    const problem = password ? passwordProblemText(password, t) : t('changePassword.missing');
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
        setPasswordError(error.body.message ? passwordRuleText(error.body.message, t) : t('errors.api.WEAK_PASSWORD'));
        passwordRef.current?.focus();
      } else if (error instanceof ApiError && error.status === 429)
        setFormError(t('errors.tooManyAttemptsTryAgain', { when: waitPhrase(error.retryAfter, t) }));
      else if (error instanceof ApiError) setFormError(error.body.message || t('errors.generic'));
      else setFormError(t('errors.network'));
    }
  }

  if (badToken) {
    return (
      <div className={styles.root} data-testid="change-password-bad-token">
        <div className={`${styles.badge} ${styles.badgeDanger}`} aria-hidden="true">
          <LinkIcon />
        </div>
        <h1 className={styles.title} ref={badTokenHeading} tabIndex={-1}>
          {t('changePassword.badTokenTitle')}
        </h1>
        <p className={styles.subtitle}>{t('changePassword.badTokenText', { minutes: PASSWORD_RESET_MINUTES })}</p>
        <div className={styles.actions}>
          <ButtonLink to="/auth/reset-password" size="lg" fullWidth>
            {t('changePassword.requestNew')}
          </ButtonLink>
          <ButtonLink to="/auth/login" variant="ghost" size="lg" fullWidth>
            {t('changePassword.backToLogin')}
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
      <h1 className={styles.title}>{t('changePassword.title')}</h1>
      <p className={styles.subtitle}>{t('changePassword.subtitle')}</p>

      <FormAlert className={styles.formError} testId="change-password-error">
        {formError}
      </FormAlert>

      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('changePassword.form')}>
        <PasswordField
          ref={passwordRef}
          label={t('changePassword.newPassword')}
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={(value) => {
            setPassword(value);
            if (passwordError && !passwordProblemText(value, t)) setPasswordError(null);
          }}
          error={passwordError}
          meter
          testId="new-password"
        />
        <TextField
          {...confirm.inputProps}
          label={t('changePassword.repeat')}
          name="confirm"
          type="password"
          autoComplete="new-password"
          required
          error={confirm.error}
          data-testid="confirm-password"
        />
        <Button type="submit" size="lg" fullWidth loading={busy} data-testid="change-password-submit">
          {t('changePassword.submit')}
        </Button>
      </form>

      <p className={styles.switch}>
        <Link to="/auth/login" className={styles.switchLink}>
          {t('changePassword.backToLogin')}
        </Link>
      </p>
    </div>
  );
}
