import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { AlertCircle, CheckCircle2, MailCheck } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { Spinner } from '../../components/ui/spinner';
import { errorCode, useApiErrorText } from '../../features/registration/error-messages';
import { nextStepAfter, stepPath } from '../../features/registration/registration-paths';
import { useGoTo, useRegisterViewer } from '../../features/registration/use-register-viewer';
import { VerifyCodeForm } from '../../features/registration/verify-code-form';
import { useLocalizedPath } from '../../features/shell/edition';
import { apiSend } from '../../lib/api';
import shared from '../../features/auth/auth-forms.module.css';
import styles from '../../features/registration/register-page.module.css';
import { requestTexts } from '../../i18n/request-texts.server';
import type { Route } from './+types/verify-email';

/** The page's title in the request's language (meta runs outside React). */
export function loader({ request }: Route.LoaderArgs) {
  return { title: requestTexts(request, 'registration').t('meta.verifyEmail') };
}

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title }, { name: 'robots', content: 'noindex' }];

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
  const { t } = useTranslation('registration');
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
          <h1 className={shared.stepTitle}>{t('verifyEmail.confirmedTitle')}</h1>
          <p className={styles.lead}>
            <Trans
              t={t}
              i18nKey="verifyEmail.confirmedText"
              values={{ email: viewer.account.email }}
              components={{ strong: <strong /> }}
            />
          </p>
        </header>
        <Button size="lg" fullWidth onClick={() => void next()} data-testid="verify-email-continue">
          {t('verifyEmail.continue')}
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
        <h1 className={shared.stepTitle}>{t('verifyEmail.title')}</h1>
        <p className={styles.lead}>
          <Trans
            t={t}
            i18nKey="verifyEmail.sentTo"
            values={{ email: viewer.account.email }}
            components={{ strong: <strong data-testid="verify-email-address" /> }}
          />
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
        submitLabel={t('verifyEmail.submit')}
      />
      <p className={shared.switch}>{t('verifyEmail.spam')}</p>
    </div>
  );
}

type LinkState = { status: 'verifying' } | { status: 'verified' } | { status: 'failed'; message: string };

function LinkVerification({ token }: { token: string }) {
  const { t } = useTranslation('registration');
  const friendlyError = useApiErrorText();
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
  }, [token, friendlyError]);

  useEffect(() => {
    if (state.status !== 'verifying') headingRef.current?.focus();
  }, [state.status]);

  if (state.status === 'verifying') {
    return (
      <div className={styles.card} aria-busy="true">
        <header className={cx(styles.header, styles.centered)}>
          <Spinner size="lg" label={null} />
          <h1 className={shared.stepTitle}>{t('verifyEmail.confirming')}</h1>
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
            {t('verifyEmail.linkDone')}
          </h1>
          <p className={styles.lead}>
            {viewer ? t('verifyEmail.linkDoneSignedIn') : t('verifyEmail.linkDoneSignedOut')}
          </p>
        </header>
        {viewer ? (
          <Button
            size="lg"
            fullWidth
            onClick={() => void goTo(stepPath(nextStepAfter(viewer, { confirmedEmail: true })))}
            data-testid="verify-email-continue"
          >
            {t('verifyEmail.continue')}
          </Button>
        ) : (
          <ButtonLink to="/auth/login" size="lg" fullWidth>
            {t('verifyEmail.logIn')}
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
          {t('verifyEmail.linkFailed')}
        </h1>
      </header>
      <p className={shared.alertError} role="alert">
        <AlertCircle aria-hidden="true" />
        {state.message}
      </p>
      <div className={cx(shared.stack, shared.spaced)}>
        {viewer ? (
          <ButtonLink to={localized('/register/verify-email')} size="lg" fullWidth replace>
            {t('verifyEmail.enterCode')}
          </ButtonLink>
        ) : (
          <ButtonLink to="/auth/login" size="lg" fullWidth>
            {t('verifyEmail.logInForCode')}
          </ButtonLink>
        )}
      </div>
    </div>
  );
}
