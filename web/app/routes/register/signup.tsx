import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { emailSchema, type Account } from '@cuewave/contract/account';
import { TRIAL_DAYS } from '@cuewave/contract/account-rules';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { CaptchaNotice, useCaptcha } from '../../features/auth/captcha';
import { useAuth } from '../../features/auth/use-auth';
import { errorCode, useApiErrorText } from '../../features/registration/error-messages';
import { PasswordField } from '../../features/registration/password-field';
import { planTitleText } from '../../features/registration/plans';
import { passwordProblemText } from '../../features/registration/password-strength';
import { keepChosenPlan, signupCopy } from '../../features/registration/signup-plan';
import { useSignup } from '../../features/registration/signup-store';
import { useLocalizedPath } from '../../features/shell/edition';
import { apiSend } from '../../lib/api';
import forms from '../../features/registration/forms.module.css';
import shared from '../../features/auth/auth-forms.module.css';
import styles from '../../features/registration/register-page.module.css';
import { FormAlert } from '../../features/auth/form-alert';
import { requestTexts } from '../../i18n/request-texts.server';
import type { Route } from './+types/signup';

/** The page's title and description in the request's language (meta runs outside React). */
export function loader({ request }: Route.LoaderArgs) {
  const { t } = requestTexts(request, 'registration');
  return { title: t('meta.signup'), description: t('meta.signupDescription', { days: TRIAL_DAYS }) };
}

export const meta = ({ data }: Route.MetaArgs) => [
  { title: data?.title },
  { name: 'description', content: data?.description },
];

type FieldErrors = { email?: string; password?: string };
type FormError = { message: string; loginLink?: boolean };

/**
 * /register/signup (restricted): email, password and newsletter opt-in behind the invisible
 * captcha. The new account is signed in straight away and goes on to verify its email.
 */
export default function SignupPage() {
  const { t } = useTranslation('registration');
  const { t: authT } = useTranslation('auth');
  const friendlyError = useApiErrorText();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const { signIn } = useAuth();
  const captcha = useCaptcha('register');
  const signup = useSignup();
  const copy = signupCopy(signup.signupPlan, t);
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
    if (!email.trim()) next.email = authT('field.emailMissing');
    else if (!parsedEmail.success) next.email = authT('field.emailInvalid');
    if (!password) next.password = t('signup.passwordMissing');
    else {
      const problem = passwordProblemText(password, authT, email);
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
          message: t('signup.createdNotSignedIn'),
          loginLink: true,
        });
      } else if (code === 'EMAIL_TAKEN') {
        setErrors({ email: authT('errors.api.EMAIL_TAKEN') });
        showFormError({ message: t('signup.emailTaken'), loginLink: true });
      } else if (code === 'WEAK_PASSWORD') {
        setErrors({ password: friendlyError(error) });
        passwordRef.current?.focus();
      } else if (code === 'VALIDATION_FAILED' && /email/i.test((error as Error).message)) {
        setErrors({ email: authT('field.emailInvalid') });
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
        <p className={shared.eyebrow}>{t('signup.eyebrow')}</p>
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
            <Trans
              t={t}
              i18nKey={signup.signupPlan === 'trial' ? 'signup.plan' : `signup.planBilled.${signup.billingType}`}
              values={{ plan: planTitleText(signup.signupPlan, t) }}
              components={{ strong: <strong /> }}
            />
          </span>
          <Link to={localized('/register/plans')}>{t('signup.change')}</Link>
        </p>
      ) : null}

      <form className={forms.form} onSubmit={onSubmit} noValidate aria-label={t('signup.form')}>
        {formError ? (
          <FormAlert ref={errorRef} testId="signup-error">
            {formError.message}{' '}
            {formError.loginLink ? (
              <Link to="/auth/login" data-testid="signup-login-link">
                {t('signup.logInInstead')}
              </Link>
            ) : null}
          </FormAlert>
        ) : null}
        <TextField
          ref={emailRef}
          label={authT('field.email')}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={authT('field.emailPlaceholder')}
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
          label={authT('field.password')}
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
          <span>{t('signup.newsletter')}</span>
        </label>
        <p className={styles.terms}>
          <Trans
            t={t}
            i18nKey="signup.terms"
            components={{
              terms: <Link to={localized('/terms-conditions')} />,
              privacy: <Link to={localized('/privacy-policy')} />,
            }}
          />
        </p>
        <Button type="submit" size="lg" fullWidth loading={submitting} data-testid="signup-submit">
          {t('signup.submit')}
        </Button>
        <CaptchaNotice state={captcha.state} />
      </form>

      <p className={shared.switch}>
        {t('signup.haveAccount')} <Link to="/auth/login">{t('signup.logIn')}</Link>
      </p>
    </div>
  );
}
