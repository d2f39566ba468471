import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Eye, EyeOff, Mail } from 'lucide-react';
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

export const meta = () => [
  { title: 'Log in · Cuewave' },
  { name: 'description', content: 'Log in to Cuewave to download tracks, manage playlists and your licences.' },
];

const passwordProblem = (value: string) => (value ? null : 'Enter your password.');

/**
 * Sign-in (spec §2, §4 "Login"): the password grant of POST /api/auth/token, then on to the forced
 * registration step, the returnUrl or home. After repeated failures the API asks for a captcha
 * ('recaptcha error'): the page solves the invisible check and tries once more by itself. Or: an
 * emailed one-time sign-in link (POST /api/auth/ott/email).
 */
export default function Login() {
  const navigate = useNavigate();
  const edition = useEdition();
  const localized = useLocalizedPath();
  const [params] = useSearchParams();
  const { signIn } = useAuth();
  const captcha = useCaptcha('signin');
  const linkCaptcha = useCaptcha('signin');
  const email = useField(emailProblem);
  const password = useField(passwordProblem);
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
      setFormError(signInErrorMessage(error));
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
      setFormError(emailRequestErrorMessage(error, 'another sign-in link'));
      setBusy(null);
    }
  }

  const captchaState = busy === 'link' ? linkCaptcha.state : captcha.state;
  return (
    <div className={styles.root}>
      <h1 className={styles.title}>Welcome back</h1>
      <p className={styles.subtitle}>Log in to download tracks, keep playlists and manage your licences.</p>

      <FormAlert className={styles.formError} testId="login-error">
        {formError}
      </FormAlert>

      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Log in">
        <TextField
          {...email.inputProps}
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          placeholder="name@example.com"
          required
          error={email.error}
        />
        <TextField
          {...password.inputProps}
          label="Password"
          name="password"
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          required
          error={password.error}
          labelAside={
            <Link to="/auth/reset-password" className={styles.inlineLink}>
              Forgot password?
            </Link>
          }
          trailing={
            <IconButton
              aria-label={showPassword ? 'Hide password' : 'Show password'}
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
          Log in
        </Button>
      </form>

      {needsCaptcha || busy === 'link' ? <CaptchaNotice state={captchaState} /> : null}

      <p className={styles.divider}>or</p>
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
          Email me a sign-in link
        </Button>
      </div>

      <p className={styles.switch}>
        New to Cuewave?{' '}
        <Link to={localized('/register')} className={styles.switchLink}>
          Start your free 30-day trial
        </Link>
      </p>
    </div>
  );
}
