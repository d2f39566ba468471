import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { AlertCircle, CheckCircle2, MailCheck } from 'lucide-react';
import { Button, ButtonLink } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { Spinner } from '../../components/ui/spinner';
import { errorCode, friendlyError } from '../../features/registration/error-messages';
import { nextStepAfter, stepPath } from '../../features/registration/registration-paths';
import { useGoTo, useRegisterViewer } from '../../features/registration/use-register-viewer';
import { VerifyCodeForm } from '../../features/registration/verify-code-form';
import { useLocalizedPath } from '../../features/shell/edition';
import { apiSend } from '../../lib/api';
import shared from '../../features/auth/auth-forms.module.css';
import styles from '../../features/registration/register-page.module.css';

export const meta = () => [{ title: 'Verify your email · Cuewave' }, { name: 'robots', content: 'noindex' }];

/**
 * /register/verify-email: the 6-digit code from the email, or the emailed link (?token=…), which
 * works in any browser, signed in or not (decision 031).
 */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <LinkVerification token={token} /> : <CodeVerification />;
}

function CodeVerification() {
  const viewer = useRegisterViewer();
  const goTo = useGoTo();
  const location = useLocation();
  const justSent = Boolean((location.state as { justSent?: boolean } | null)?.justSent);
  if (!viewer) return null;

  const next = () => goTo(stepPath(nextStepAfter(viewer, { confirmedEmail: true })));

  if (viewer.account.confirmedEmail) {
    return (
      <div className={styles.card}>
        <header className={cx(styles.header, styles.centered)}>
          <span className={cx(styles.icon, styles.iconSuccess)} aria-hidden="true">
            <CheckCircle2 />
          </span>
          <h1 className={shared.stepTitle}>Your email is confirmed</h1>
          <p className={styles.lead}>
            <strong>{viewer.account.email}</strong> is verified. Carry on where you left off.
          </p>
        </header>
        <Button size="lg" fullWidth onClick={() => void next()} data-testid="verify-email-continue">
          Continue
        </Button>
      </div>
    );
  }

  return (
    <div className={styles.card}>
      <header className={styles.header}>
        <span className={styles.icon} aria-hidden="true">
          <MailCheck />
        </span>
        <h1 className={shared.stepTitle}>Check your inbox</h1>
        <p className={styles.lead}>
          We sent a 6-digit code to <strong data-testid="verify-email-address">{viewer.account.email}</strong>. Enter it
          below, or open the link in the email.
        </p>
      </header>
      <VerifyCodeForm
        channel="email"
        justSent={justSent}
        autoFocus
        alreadyVerifiedCode="email already confirmed"
        verify={(code) => apiSend('POST', '/v1/account/email/verify', { json: { code } })}
        resend={(captcha) => apiSend('POST', '/v1/account/email/resend', { json: { captcha } })}
        onVerified={next}
        submitLabel="Verify email"
      />
      <p className={shared.switch}>Can’t find it? Look in your spam or promotions folder.</p>
    </div>
  );
}

type LinkState = { status: 'verifying' } | { status: 'verified' } | { status: 'failed'; message: string };

function LinkVerification({ token }: { token: string }) {
  const viewer = useRegisterViewer();
  const localized = useLocalizedPath();
  const goTo = useGoTo();
  const [state, setState] = useState<LinkState>({ status: 'verifying' });
  const sent = useRef<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    // Once per token: the token is single use, so a second call would report it as spent.
    if (sent.current === token) return;
    sent.current = token;
    apiSend('POST', '/v1/account/email/verify', { json: { token } })
      .then(() => setState({ status: 'verified' }))
      .catch((error: unknown) => {
        if (errorCode(error) === 'email already confirmed') setState({ status: 'verified' });
        else setState({ status: 'failed', message: friendlyError(error) });
      });
  }, [token]);

  useEffect(() => {
    if (state.status !== 'verifying') headingRef.current?.focus();
  }, [state.status]);

  if (state.status === 'verifying') {
    return (
      <div className={styles.card} aria-busy="true">
        <header className={cx(styles.header, styles.centered)}>
          <Spinner size="lg" label={null} />
          <h1 className={shared.stepTitle}>Confirming your email…</h1>
        </header>
      </div>
    );
  }

  if (state.status === 'verified') {
    return (
      <div className={styles.card} data-testid="verify-link-done">
        <header className={cx(styles.header, styles.centered)}>
          <span className={cx(styles.icon, styles.iconSuccess)} aria-hidden="true">
            <CheckCircle2 />
          </span>
          <h1 ref={headingRef} tabIndex={-1} className={shared.stepTitle}>
            Email confirmed
          </h1>
          <p className={styles.lead}>
            {viewer
              ? 'Thanks! Let’s finish setting up your account.'
              : 'Thanks! Log in to finish setting up your account.'}
          </p>
        </header>
        {viewer ? (
          <Button
            size="lg"
            fullWidth
            onClick={() => void goTo(stepPath(nextStepAfter(viewer, { confirmedEmail: true })))}
            data-testid="verify-email-continue"
          >
            Continue
          </Button>
        ) : (
          <ButtonLink to="/auth/login" size="lg" fullWidth>
            Log in
          </ButtonLink>
        )}
      </div>
    );
  }

  return (
    <div className={styles.card} data-testid="verify-link-failed">
      <header className={cx(styles.header, styles.centered)}>
        <span className={styles.icon} aria-hidden="true">
          <AlertCircle />
        </span>
        <h1 ref={headingRef} tabIndex={-1} className={shared.stepTitle}>
          We couldn’t confirm your email
        </h1>
      </header>
      <p className={shared.alertError} role="alert">
        <AlertCircle aria-hidden="true" />
        {state.message}
      </p>
      <div className={cx(shared.stack, shared.spaced)}>
        {viewer ? (
          <ButtonLink to={localized('/register/verify-email')} size="lg" fullWidth replace>
            Enter the code instead
          </ButtonLink>
        ) : (
          <ButtonLink to="/auth/login" size="lg" fullWidth>
            Log in to get a new code
          </ButtonLink>
        )}
      </div>
    </div>
  );
}
