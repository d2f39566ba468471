import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { PASSWORD_RESET_MINUTES, SIGNIN_LINK_MINUTES } from '@cuewave/contract/account-rules';
import { Inbox, MailCheck } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../components/ui/button';
import { useToast } from '../../components/ui/toast';
import { CaptchaNotice, useCaptcha } from '../../features/auth/captcha';
import { formatCountdown, RESEND_COOLDOWN_SECONDS, useCooldown } from '../../features/registration/use-cooldown';
import { ApiError, apiGet, apiSend } from '../../lib/api';
import { emailRequestErrorMessage } from './login-errors';
import styles from '../../features/auth/auth-forms.module.css';
import { requestTexts } from '../../i18n/request-texts.server';

import type { Route } from './+types/check-email';
import { FormAlert } from '../../features/auth/form-alert';

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title }];

/** What was sent, handed over in the navigation state (not the URL, so the address stays out of logs). */
export type CheckEmailState = { email: string; kind: 'reset' | 'link' };

/**
 * Whether the development mailbox is on (GET /api/dev/outbox answers 404 when it is off), and the
 * page's title in the request's language.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const title = requestTexts(request, 'auth').t('meta.checkEmail');
  try {
    await apiGet('/dev/outbox', { query: { limit: 1 }, request });
    return { title, devMailbox: true };
  } catch {
    return { title, devMailbox: false };
  }
}

/** Keys of the `auth` namespace for what was sent. */
const COPY = {
  reset: {
    sent: 'checkEmail.sentReset',
    resent: 'checkEmail.resentReset',
    minutes: PASSWORD_RESET_MINUTES,
    again: 'resetLink',
  },
  link: {
    sent: 'checkEmail.sentLink',
    resent: 'checkEmail.resentLink',
    minutes: SIGNIN_LINK_MINUTES,
    again: 'signInLink',
  },
} as const;

/**
 * After a reset or sign-in-link request. It never says whether the account exists: the API answers
 * the same either way. The email can be sent again after a short cooldown.
 */
export default function CheckEmail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const state = readState(location.state);
  const toast = useToast();
  const captcha = useCaptcha(state?.kind === 'link' ? 'signin' : 'reset');
  const cooldown = useCooldown();
  const [sending, setSending] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const { start } = cooldown;

  // The email was just sent: the first resend waits out the cooldown too.
  const sentTo = state?.email;
  useEffect(() => {
    if (sentTo) start(RESEND_COOLDOWN_SECONDS);
  }, [sentTo, start]);

  async function resend() {
    if (!state) return;
    setSending(true);
    setFormError(null);
    try {
      const body = { email: state.email, captcha: await captcha.solve() };
      await apiSend('POST', state.kind === 'reset' ? '/v1/account/password/reset' : '/auth/ott/email', { json: body });
      toast.success(t(COPY[state.kind].resent, { email: state.email }));
      start(RESEND_COOLDOWN_SECONDS);
    } catch (error) {
      setFormError(emailRequestErrorMessage(error, COPY[state.kind].again, t));
      if (error instanceof ApiError && error.status === 429) start(error.retryAfter ?? RESEND_COOLDOWN_SECONDS);
    } finally {
      setSending(false);
    }
  }

  const copy = state ? COPY[state.kind] : null;
  return (
    <div className={styles.root}>
      <div className={styles.badge} aria-hidden="true">
        <MailCheck />
      </div>
      <h1 className={styles.title}>{t('checkEmail.title')}</h1>
      {state && copy ? (
        <p className={styles.subtitle} data-testid="check-email-text">
          <Trans
            t={t}
            i18nKey={copy.sent}
            values={{ email: state.email, minutes: copy.minutes }}
            components={{ strong: <strong /> }}
          />
        </p>
      ) : (
        <p className={styles.subtitle} data-testid="check-email-text">
          {t('checkEmail.sentUnknown')}
        </p>
      )}

      <FormAlert className={styles.formError}>{formError}</FormAlert>

      <ul role="list" className={styles.hintList}>
        <li>{t('checkEmail.hintInbox')}</li>
        <li>{t('checkEmail.hintSpam')}</li>
        <li>
          {t('checkEmail.wrongAddress')}{' '}
          <Link to={state?.kind === 'link' ? '/auth/login' : '/auth/reset-password'} className={styles.inlineLink}>
            {t('checkEmail.differentEmail')}
          </Link>
        </li>
      </ul>

      <div className={styles.actions}>
        {loaderData.devMailbox ? (
          <ButtonLink
            to={state ? `/dev/mailbox?to=${encodeURIComponent(state.email)}` : '/dev/mailbox'}
            variant="secondary"
            size="lg"
            fullWidth
            icon={<Inbox />}
          >
            {t('checkEmail.devMailbox')}
          </ButtonLink>
        ) : null}
        {state ? (
          <Button
            variant="ghost"
            size="lg"
            fullWidth
            loading={sending}
            disabled={cooldown.remaining > 0}
            onClick={resend}
            data-testid="check-email-resend"
          >
            {cooldown.remaining > 0
              ? t('checkEmail.resendIn', { time: formatCountdown(cooldown.remaining) })
              : t('checkEmail.resend')}
          </Button>
        ) : null}
      </div>
      {state && captcha.state !== 'idle' ? <CaptchaNotice state={captcha.state} /> : null}

      <p className={styles.switch}>
        <Link to="/auth/login" className={styles.switchLink}>
          {t('checkEmail.backToLogin')}
        </Link>
      </p>
    </div>
  );
}

function readState(value: unknown): CheckEmailState | null {
  if (!value || typeof value !== 'object') return null;
  const { email, kind } = value as Partial<CheckEmailState>;
  if (typeof email !== 'string' || (kind !== 'reset' && kind !== 'link')) return null;
  return { email, kind };
}
