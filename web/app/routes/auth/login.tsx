import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Eye, EyeOff, Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, IconButton } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { CaptchaNotice, useCaptcha } from '../../features/auth/captcha';
import { afterSignIn } from '../../features/auth/guards';
import { useAuth } from '../../features/auth/use-auth';
import { checkAll, emailProblem, useField } from '../../features/auth/use-field';
import { useEdition, useLocalizedPath } from '../../features/shell/edition';
import { apiSend } from '../../lib/api';
import { emailRequestErrorMessage, isCaptchaError, signInErrorMessage } from './login-errors';
import styles from '../../features/auth/auth-forms.module.css';
import { FormAlert } from '../../features/auth/form-alert';
import { requestTexts } from '../../i18n/request-texts.server';
import type { Route } from './+types/login';

/** The page's title and description in the request's language (meta runs outside React). */
export function loader({ request }: Route.LoaderArgs) {
  const { t } = requestTexts(request, 'auth');
  return { title: t('meta.login'), description: t('meta.loginDescription') };
}

export const meta = ({ data }: Route.MetaArgs) => [
  { title: data?.title },
  { name: 'description', content: data?.description },
];

/**
 * Sign-in (spec §2, §4 "Login"): the password grant of POST /api/auth/token, then on to the forced
 * registration step, the returnUrl or home. After repeated failures the API asks for a captcha
 * ('recaptcha error'): the page solves the invisible check and tries once more by itself. Or: an
 * emailed one-time sign-in link (POST /api/auth/ott/email).
 */
export default function Login() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const edition = useEdition();
  const localized = useLocalizedPath();
  const [params] = useSearchParams();
  const { signIn } = useAuth();
  const captcha = useCaptcha('signin');
  const linkCaptcha = useCaptcha('signin');
  const email = useField((value) => emailProblem(value, t));
  const password = useField((value) => (value ? null : t('login.passwordMissing')));
  const [showPassword, setShowPassword] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'password' | 'link' | null>(null);
  // Once the API has asked for a captcha, every later attempt carries one from the start.
  const [needsCaptcha, setNeedsCaptcha] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    if (!checkAll([email, password])) return;
    setBusy('password');
    const address = email.value.trim();
    try {
      let me;
      try {
        me = await signIn(address, password.value, needsCaptcha ? await captcha.solve() : undefined);
      } catch (error) {
        if (!isCaptchaError(error)) throw error;
        setNeedsCaptcha(true);
        me = await signIn(address, password.value, await captcha.solve());
      }
      navigate(afterSignIn(me, params.get('returnUrl'), edition), { replace: true });
    } catch (error) {
      setFormError(signInErrorMessage(error, t));
      setBusy(null);
    }
  }

  async function emailLink() {
    setFormError(null);
    if (!checkAll([email])) return;
    setBusy('link');
    const address = email.value.trim();
    try {
      await apiSend('POST', '/auth/ott/email', { json: { email: address, captcha: await linkCaptcha.solve() } });
      navigate('/auth/check-email', { state: { email: address, kind: 'link' } });
    } catch (error) {
      setFormError(emailRequestErrorMessage(error, 'signInLink', t));
      setBusy(null);
    }
  }

  const captchaState = busy === 'link' ? linkCaptcha.state : captcha.state;
  return (
    <div className={styles.root}>
      <h1 className={styles.title}>{t('login.title')}</h1>
      <p className={styles.subtitle}>{t('login.subtitle')}</p>

      <FormAlert className={styles.formError} testId="login-error">
        {formError}
      </FormAlert>

      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('login.form')}>
        <TextField
          {...email.inputProps}
          label={t('field.email')}
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          placeholder={t('field.emailPlaceholder')}
          required
          error={email.error}
        />
        <TextField
          {...password.inputProps}
          label={t('field.password')}
          name="password"
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          required
          error={password.error}
          labelAside={
            <Link to="/auth/reset-password" className={styles.inlineLink}>
              {t('login.forgot')}
            </Link>
          }
          trailing={
            <IconButton
              aria-label={showPassword ? t('password.hide') : t('password.show')}
              aria-pressed={showPassword}
              icon={showPassword ? <EyeOff /> : <Eye />}
              size="sm"
              onClick={() => setShowPassword((v) => !v)}
              data-testid="toggle-password"
            />
          }
        />
        <Button
          type="submit"
          size="lg"
          fullWidth
          loading={busy === 'password'}
          disabled={busy === 'link'}
          data-testid="login-submit"
        >
          {t('login.submit')}
        </Button>
      </form>

      {needsCaptcha || busy === 'link' ? <CaptchaNotice state={captchaState} /> : null}

      <p className={styles.divider}>{t('login.or')}</p>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          size="lg"
          fullWidth
          icon={<Mail />}
          loading={busy === 'link'}
          disabled={busy === 'password'}
          onClick={emailLink}
          data-testid="email-link"
        >
          {t('login.emailLink')}
        </Button>
      </div>

      <p className={styles.switch}>
        {t('login.newHere')}{' '}
        <Link to={localized('/register')} className={styles.switchLink}>
          {t('login.startTrial')}
        </Link>
      </p>
    </div>
  );
}
