import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { CaptchaNotice, useCaptcha } from '../../features/auth/captcha';
import { checkAll, emailProblem, useField } from '../../features/auth/use-field';
import { apiSend } from '../../lib/api';
import { emailRequestErrorMessage } from './login-errors';
import styles from '../../features/auth/auth-forms.module.css';
import { FormAlert } from '../../features/auth/form-alert';
import { requestTexts } from '../../i18n/request-texts.server';
import type { Route } from './+types/reset-password';

/** The page's title in the request's language (meta runs outside React). */
export function loader({ request }: Route.LoaderArgs) {
  return { title: requestTexts(request, 'auth').t('meta.resetPassword') };
}

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title }];

/**
 * Password reset request (issue 3): POST /api/v1/account/password/reset answers 202 whether the
 * account exists or not, so the next page says a link was sent *if* it does.
 */
export default function ResetPassword() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const captcha = useCaptcha('reset');
  const email = useField((value) => emailProblem(value, t));
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
      setFormError(emailRequestErrorMessage(error, 'resetLink', t));
      setBusy(false);
    }
  }

  return (
    <div className={styles.root}>
      <div className={styles.badge} aria-hidden="true">
        <KeyRound />
      </div>
      <h1 className={styles.title}>{t('reset.title')}</h1>
      <p className={styles.subtitle}>{t('reset.subtitle')}</p>

      <FormAlert className={styles.formError} testId="reset-error">
        {formError}
      </FormAlert>

      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('reset.form')}>
        <TextField
          {...email.inputProps}
          label={t('field.email')}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t('field.emailPlaceholder')}
          required
          error={email.error}
        />
        <Button type="submit" size="lg" fullWidth loading={busy} data-testid="reset-submit">
          {t('reset.submit')}
        </Button>
      </form>
      <CaptchaNotice state={captcha.state} />

      <p className={styles.switch}>
        {t('reset.remembered')}{' '}
        <Link to="/auth/login" className={styles.switchLink}>
          {t('reset.backToLogin')}
        </Link>
      </p>
    </div>
  );
}
