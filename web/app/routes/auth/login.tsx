import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AlertCircle, Eye, EyeOff } from 'lucide-react';
import { Button, IconButton } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { serializeCookie, USER_TOKEN_COOKIE, USER_TOKEN_MAX_AGE_DAYS } from '../../lib/cookies';
import { signInErrorMessage } from './login-errors';
import styles from './login.module.css';

export const meta = () => [
  { title: 'Log in · Cuewave' },
  { name: 'description', content: 'Log in to Cuewave to download tracks, manage playlists and your licences.' },
];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type FieldErrors = { email?: string; password?: string };

/** Only same-site paths are followed after sign-in. */
function safeReturnTo(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : '/';
}

/**
 * Sign-in (spec §2, §4 "Login"): password grant against POST /api/auth/token. Accounts arrive
 * with the next issue; until the endpoint exists the page says so rather than pretending.
 */
export default function Login() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  function validate(email: string, password: string): FieldErrors {
    const next: FieldErrors = {};
    if (!email) next.email = 'Enter your email address.';
    else if (!EMAIL.test(email)) next.email = 'Enter a valid email address, like name@example.com.';
    if (!password) next.password = 'Enter your password.';
    return next;
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    const fieldErrors = validate(email, password);
    setErrors(fieldErrors);
    setFormError(null);
    if (fieldErrors.email) return emailRef.current?.focus();
    if (fieldErrors.password) return passwordRef.current?.focus();

    setSubmitting(true);
    try {
      const response = await fetch('/api/auth/token', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ grant_type: 'password', username: email, password }),
      });
      const body = (await response.json().catch(() => null)) as {
        access_token?: string;
        error?: string;
        message?: string;
      } | null;
      if (!response.ok) {
        setFormError(signInErrorMessage(response.status, body));
        return;
      }
      if (!body?.access_token) {
        setFormError('The server answered without a session. Please try again.');
        return;
      }
      document.cookie = serializeCookie(USER_TOKEN_COOKIE, body.access_token, {
        maxAgeDays: USER_TOKEN_MAX_AGE_DAYS,
        secure: window.location.protocol === 'https:',
      });
      navigate(safeReturnTo(params.get('returnUrl')), { replace: true });
    } catch {
      setFormError("We couldn't reach the server. Check your connection and try again.");
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div className={styles.root}>
      <h1 className={styles.title}>Welcome back</h1>
      <p className={styles.subtitle}>Log in to download tracks, keep playlists and manage your licences.</p>

      {formError ? (
        <div className={styles.formError} role="alert" data-testid="login-error">
          <AlertCircle aria-hidden="true" />
          <p>{formError}</p>
        </div>
      ) : null}

      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Log in">
        <TextField
          ref={emailRef}
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="name@example.com"
          required
          error={errors.email}
          onChange={() => errors.email && setErrors((e) => ({ ...e, email: undefined }))}
        />
        <TextField
          ref={passwordRef}
          label="Password"
          name="password"
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          required
          error={errors.password}
          onChange={() => errors.password && setErrors((e) => ({ ...e, password: undefined }))}
          labelAside={
            <Link to="/auth/reset-password" className={styles.forgot}>
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
        <Button type="submit" size="lg" fullWidth loading={submitting} data-testid="login-submit">
          Log in
        </Button>
      </form>

      <p className={styles.switch}>
        New to Cuewave?{' '}
        <Link to="/register" className={styles.switchLink}>
          Start your free 30-day trial
        </Link>
      </p>
    </div>
  );
}
