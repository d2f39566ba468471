import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { AlertCircle, CheckCircle2, ShieldAlert } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { EMAIL_UNDO_DAYS } from '@cuewave/contract/account-rules';
import type { EmailChangeUndone } from '@cuewave/contract/account';
import { Button, ButtonLink } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { Spinner } from '../../components/ui/spinner';
import { FormAlert } from '../../features/auth/form-alert';
import { announceAuthChange, clearLocalSession } from '../../features/auth/session-client';
import { useRefreshViewer, useViewer } from '../../features/auth/use-viewer';
import { apiErrorText } from '../../features/registration/error-messages';
import { requestTexts } from '../../i18n/request-texts.server';
import { apiSend } from '../../lib/api';
import auth from '../../features/auth/auth-forms.module.css';
import styles from '../../features/account/account.module.css';
import type { Route } from './+types/email-change';

/** The page's title in the request's language (meta runs outside React). */
export function loader({ request }: Route.LoaderArgs) {
  return { title: requestTexts(request, 'auth').t('meta.emailChange') };
}

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title }, { name: 'robots', content: 'noindex' }];

/** Why a link failed, in the page's language, with the link-specific sentences first. */
function linkFailed(error: unknown, t: TFunction<'auth'>): string {
  return apiErrorText(error, t, {
    'can not find account by token': t('emailChange.linkFailed.tokenNotFound'),
    EMAIL_TAKEN: t('emailChange.linkFailed.EMAIL_TAKEN'),
    SERVICE_UNAVAILABLE: t('emailChange.linkFailed.SERVICE_UNAVAILABLE'),
  });
}

/**
 * /account/email-change: where the email-change links land (decision 048). `?confirm=` comes from the
 * new address and switches the sign-in email at once, in any browser, like the verification link.
 * `?undo=` comes from the old address; undoing signs every device out, so it waits for a click (a mail
 * scanner opening the link must not trigger it) and then leads to choosing a new password.
 */
export default function EmailChangePage() {
  const [params] = useSearchParams();
  const confirm = params.get('confirm');
  const undo = params.get('undo');
  const { t } = useTranslation('auth');
  if (confirm) return <ConfirmNewEmail token={confirm} />;
  if (undo) return <UndoEmailChange token={undo} />;
  return (
    <Outcome tone="danger" title={t('emailChange.incompleteTitle')} testId="email-change-bad-link">
      <p className={auth.subtitle}>{t('emailChange.incompleteText')}</p>
      <ButtonLink to="/dashboard/account" size="lg" fullWidth className={auth.spaced}>
        {t('emailChange.toAccount')}
      </ButtonLink>
    </Outcome>
  );
}

type Tone = 'success' | 'danger' | 'warning';

function Outcome({
  tone,
  title,
  testId,
  children,
}: {
  tone: Tone;
  title: string;
  testId: string;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [title]);
  const icon = tone === 'success' ? <CheckCircle2 /> : tone === 'danger' ? <AlertCircle /> : <ShieldAlert />;
  return (
    <div className={styles.landing} data-testid={testId}>
      <div className={auth.root}>
        <div
          className={cx(auth.badge, tone === 'success' && auth.badgeSuccess, tone === 'danger' && auth.badgeDanger)}
          aria-hidden="true"
        >
          {icon}
        </div>
        <h1 ref={heading} tabIndex={-1} className={cx(auth.title, styles.landingTitle)}>
          {title}
        </h1>
        {children}
      </div>
    </div>
  );
}

type ConfirmState = { status: 'working' } | { status: 'done'; email: string } | { status: 'failed'; message: string };

function ConfirmNewEmail({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const viewer = useViewer();
  const refreshViewer = useRefreshViewer();
  const [state, setState] = useState<ConfirmState>({ status: 'working' });
  const sent = useRef<string | null>(null);

  useEffect(() => {
    // Once per token: it is single use, so a second call would report it as spent.
    if (sent.current === token) return;
    sent.current = token;
    apiSend<{ email: string }>('POST', '/v1/account/email/verify', { json: { token } })
      .then(async (answer) => {
        setState({ status: 'done', email: answer.email });
        await refreshViewer();
      })
      .catch((error: unknown) => setState({ status: 'failed', message: linkFailed(error, t) }));
  }, [token, refreshViewer, t]);

  if (state.status === 'working') {
    return (
      <div className={styles.landing} aria-busy="true">
        <div className={auth.root}>
          <Spinner size="lg" label={null} />
          <h1 className={cx(auth.title, auth.spaced)}>{t('emailChange.confirming')}</h1>
        </div>
      </div>
    );
  }
  if (state.status === 'failed') {
    return (
      <Outcome tone="danger" title={t('emailChange.failedTitle')} testId="email-change-failed">
        <p className={auth.subtitle}>{state.message}</p>
        <p className={auth.subtitle}>{t('emailChange.failedText')}</p>
        <ButtonLink to="/dashboard/account" size="lg" fullWidth className={auth.spaced}>
          {t('emailChange.toAccount')}
        </ButtonLink>
      </Outcome>
    );
  }
  return (
    <Outcome tone="success" title={t('emailChange.confirmedTitle')} testId="email-change-confirmed">
      <p className={auth.subtitle}>
        <Trans
          t={t}
          i18nKey="emailChange.confirmedText"
          values={{ email: state.email }}
          components={{ strong: <strong /> }}
        />
      </p>
      <ButtonLink
        to={viewer ? '/dashboard/account' : '/auth/login'}
        size="lg"
        fullWidth
        className={auth.spaced}
        data-testid="email-change-continue"
      >
        {viewer ? t('emailChange.toAccount') : t('emailChange.logIn')}
      </ButtonLink>
    </Outcome>
  );
}

type UndoState =
  { status: 'asking'; busy: boolean; error: string | null } | { status: 'done'; answer: EmailChangeUndone };

function UndoEmailChange({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const refreshViewer = useRefreshViewer();
  const [state, setState] = useState<UndoState>({ status: 'asking', busy: false, error: null });

  async function undo() {
    setState({ status: 'asking', busy: true, error: null });
    try {
      const answer = await apiSend<EmailChangeUndone>('POST', '/v1/account/email/undo', { json: { token } });
      // Every session was signed out, this browser's too: drop its cookies (the revoke clears them),
      // the local session and the signed-in header, here and in other tabs.
      await apiSend('POST', '/auth/revoke', { form: {} }).catch(() => undefined);
      clearLocalSession();
      announceAuthChange();
      setState({ status: 'done', answer });
      await refreshViewer();
    } catch (error) {
      setState({ status: 'asking', busy: false, error: linkFailed(error, t) });
    }
  }

  if (state.status === 'done') {
    const reset = `/auth/change-password?token=${encodeURIComponent(state.answer.resetToken)}`;
    return (
      <Outcome tone="success" title={t('emailChange.undoneTitle')} testId="email-undo-done">
        <p className={auth.subtitle}>
          <Trans
            t={t}
            i18nKey="emailChange.undoneText"
            values={{ email: state.answer.email }}
            components={{ strong: <strong /> }}
          />
        </p>
        <ButtonLink to={reset} size="lg" fullWidth className={auth.spaced} data-testid="email-undo-new-password">
          {t('emailChange.newPassword')}
        </ButtonLink>
      </Outcome>
    );
  }

  return (
    <Outcome tone="warning" title={t('emailChange.undoTitle')} testId="email-undo">
      <p className={auth.subtitle}>{t('emailChange.undoText')}</p>
      <p className={auth.subtitle}>{t('emailChange.undoValidity', { count: EMAIL_UNDO_DAYS })}</p>
      <FormAlert className={cx(auth.alertError, auth.spaced)} testId="email-undo-error">
        {state.error}
      </FormAlert>
      <div className={auth.actions}>
        <Button size="lg" fullWidth onClick={undo} loading={state.busy} data-testid="email-undo-confirm">
          {t('emailChange.undo')}
        </Button>
        <ButtonLink to="/" variant="ghost" size="lg" fullWidth>
          {t('emailChange.keep')}
        </ButtonLink>
      </div>
    </Outcome>
  );
}
