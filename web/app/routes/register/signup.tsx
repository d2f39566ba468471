import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { emailSchema, passwordProblem, type Account } from '@cuewave/contract/account';
import { TRIAL_DAYS } from '@cuewave/contract/account';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { CaptchaNotice, useCaptcha } from '../../features/auth/captcha';
import { useAuth } from '../../features/auth/use-auth';
import { errorCode, friendlyError } from '../../features/registration/error-messages';
import { PasswordField } from '../../features/registration/password-field';
import { planTitle } from '../../features/registration/plans';
import { keepChosenPlan, signupCopy } from '../../features/registration/signup-plan';
import { useSignup } from '../../features/registration/signup-store';
import { useLocalizedPath } from '../../features/shell/edition';
import { apiSend } from '../../lib/api';
import forms from '../../features/registration/forms.module.css';
import shared from '../../features/auth/auth-forms.module.css';
import styles from '../../features/registration/register-page.module.css';
import { FormAlert } from '../../features/auth/form-alert';

export const meta = () => [
  { title: 'Create your account · Cuewave' },
  {
    name: 'description',
    content: `Create a Cuewave account and try every song and sound effect free for ${TRIAL_DAYS} days.`,
  },
];

type FieldErrors = { email?: string; password?: string };
type FormError = { message: string; loginLink?: boolean };

/**
 * /register/signup (restricted): email, password and newsletter opt-in behind the invisible
 * captcha. The new account is signed in straight away and goes on to verify its email.
 */
export default function SignupPage() {
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const { signIn } = useAuth();
  const captcha = useCaptcha('register');
  const signup = useSignup();
  const copy = signupCopy(signup.signupPlan);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [newsletter, setNewsletter] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<FormError | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);

  function showFormError(error: FormError) {
    setFormError(error);
    window.setTimeout(() => errorRef.current?.focus(), 0);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const parsedEmail = emailSchema.safeParse(email);
    const next: FieldErrors = {};
    if (!email.trim()) next.email = 'Enter your email address.';
    else if (!parsedEmail.success) next.email = 'Enter a valid email address, like name@example.com.';
    if (!password) next.password = 'Choose a password.';
    else {
      const problem = passwordProblem(password, email);
      if (problem) next.password = problem;
    }
    setErrors(next);
    if (next.email) return emailRef.current?.focus();
    if (next.password) return passwordRef.current?.focus();
    const address = parsedEmail.data!;

    setSubmitting(true);
    let created = false;
    try {
      const solution = await captcha.solve();
      await apiSend<Account>('POST', '/v1/account/register', {
        json: { email: address, password, captcha: solution, newsletter },
      });
      created = true;
      await signIn(address, password);
      await keepChosenPlan(signup);
      await navigate(localized('/register/verify-email'), { state: { justSent: true } });
    } catch (error) {
      const code = errorCode(error);
      if (created) {
        showFormError({
          message: 'Your account is ready, but we couldn’t sign you in. Please log in.',
          loginLink: true,
        });
      } else if (code === 'EMAIL_TAKEN') {
        setErrors({ email: 'An account with this email already exists.' });
        showFormError({ message: 'You already have an account with this email.', loginLink: true });
      } else if (code === 'WEAK_PASSWORD') {
        setErrors({ password: friendlyError(error) });
        passwordRef.current?.focus();
      } else if (code === 'VALIDATION_FAILED' && /email/i.test((error as Error).message)) {
        setErrors({ email: 'Enter a valid email address, like name@example.com.' });
        emailRef.current?.focus();
      } else {
        showFormError({ message: friendlyError(error) });
      }
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div className={styles.card}>
      <header className={styles.header}>
        <p className={shared.eyebrow}>Create your account</p>
        <h1 className={shared.stepTitle} data-testid="signup-title">
          {copy.title}
        </h1>
        <p className={styles.lead} data-testid="signup-lead">
          {copy.lead}
        </p>
      </header>

      {signup.signupPlan ? (
        <p className={styles.planLine} data-testid="signup-plan">
          <span>
            Plan: <strong>{planTitle(signup.signupPlan)}</strong>
            {signup.signupPlan !== 'trial' ? `, billed ${signup.billingType}` : null}
          </span>
          <Link to={localized('/register/plans')}>Change</Link>
        </p>
      ) : null}

      <form className={forms.form} onSubmit={onSubmit} noValidate aria-label="Create your account">
        {formError ? (
          <FormAlert ref={errorRef} testId="signup-error">
            {formError.message}{' '}
            {formError.loginLink ? (
              <Link to="/auth/login" data-testid="signup-login-link">
                Log in instead
              </Link>
            ) : null}
          </FormAlert>
        ) : null}
        <TextField
          ref={emailRef}
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="name@example.com"
          required
          value={email}
          disabled={submitting}
          error={errors.email}
          onChange={(event) => {
            setEmail(event.target.value);
            if (errors.email) setErrors((e) => ({ ...e, email: undefined }));
          }}
          data-testid="signup-email"
        />
        <PasswordField
          ref={passwordRef}
          label="Password"
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={(value) => {
            setPassword(value);
            if (errors.password) setErrors((e) => ({ ...e, password: undefined }));
          }}
          error={errors.password}
          meter
          email={email}
          disabled={submitting}
          testId="signup-password"
        />
        <label className={forms.checkbox}>
          <input
            type="checkbox"
            name="newsletter"
            checked={newsletter}
            disabled={submitting}
            onChange={(event) => setNewsletter(event.target.checked)}
            data-testid="signup-newsletter"
          />
          <span>Send me new music, playlists and offers by email. You can unsubscribe any time.</span>
        </label>
        <p className={styles.terms}>
          By creating an account you agree to our{' '}
          <Link to={localized('/terms-conditions')}>Terms &amp; conditions</Link> and{' '}
          <Link to={localized('/privacy-policy')}>Privacy policy</Link>.
        </p>
        <Button type="submit" size="lg" fullWidth loading={submitting} data-testid="signup-submit">
          Create account
        </Button>
        <CaptchaNotice state={captcha.state} />
      </form>

      <p className={shared.switch}>
        Already have an account? <Link to="/auth/login">Log in</Link>
      </p>
    </div>
  );
}
