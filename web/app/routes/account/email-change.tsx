import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { AlertCircle, CheckCircle2, ShieldAlert } from 'lucide-react';
import { EMAIL_UNDO_DAYS, type EmailChangeUndone } from '@cuewave/contract/account';
import { Button, ButtonLink } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { Spinner } from '../../components/ui/spinner';
import { FormAlert } from '../../features/auth/form-alert';
import { announceAuthChange, clearLocalSession } from '../../features/auth/session-client';
import { useRefreshViewer, useViewer } from '../../features/auth/use-viewer';
import { friendlyError } from '../../features/registration/error-messages';
import { apiSend } from '../../lib/api';
import auth from '../../features/auth/auth-forms.module.css';
import styles from '../../features/account/account.module.css';

export const meta = () => [{ title: 'Email change · Cuewave' }, { name: 'robots', content: 'noindex' }];

const LINK_FAILED: Record<string, string> = {
  'can not find account by token': 'This link has expired, was already used, or a newer one replaced it.',
  EMAIL_TAKEN: 'Another account uses this address now, so it can’t become your sign-in email.',
  SERVICE_UNAVAILABLE: 'We couldn’t finish this just now. Please open the link again in a minute.',
};

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
  if (confirm) return <ConfirmNewEmail token={confirm} />;
  if (undo) return <UndoEmailChange token={undo} />;
  return (
    <Outcome tone="danger" title="This link is incomplete" testId="email-change-bad-link">
      <p className={auth.subtitle}>
        Open the link from the email again, or copy the whole address into your browser. You can change your email on
        your account page.
      </p>
      <ButtonLink to="/dashboard/account" size="lg" fullWidth className={auth.spaced}>
        Go to my account
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
      .catch((error: unknown) => setState({ status: 'failed', message: friendlyError(error, LINK_FAILED) }));
  }, [token, refreshViewer]);

  if (state.status === 'working') {
    return (
      <div className={styles.landing} aria-busy="true">
        <div className={auth.root}>
          <Spinner size="lg" label={null} />
          <h1 className={cx(auth.title, auth.spaced)}>Confirming your new email…</h1>
        </div>
      </div>
    );
  }
  if (state.status === 'failed') {
    return (
      <Outcome tone="danger" title="We couldn’t confirm this email" testId="email-change-failed">
        <p className={auth.subtitle}>{state.message}</p>
        <p className={auth.subtitle}>
          Your sign-in email has not changed. You can send a new code from your account page.
        </p>
        <ButtonLink to="/dashboard/account" size="lg" fullWidth className={auth.spaced}>
          Go to my account
        </ButtonLink>
      </Outcome>
    );
  }
  return (
    <Outcome tone="success" title="Your new email is confirmed" testId="email-change-confirmed">
      <p className={auth.subtitle}>
        You now sign in with <strong>{state.email}</strong>. We let your previous address know, with a way to undo the
        change if it wasn’t you.
      </p>
      <ButtonLink
        to={viewer ? '/dashboard/account' : '/auth/login'}
        size="lg"
        fullWidth
        className={auth.spaced}
        data-testid="email-change-continue"
      >
        {viewer ? 'Go to my account' : 'Log in'}
      </ButtonLink>
    </Outcome>
  );
}

type UndoState =
  { status: 'asking'; busy: boolean; error: string | null } | { status: 'done'; answer: EmailChangeUndone };

function UndoEmailChange({ token }: { token: string }) {
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
      setState({ status: 'asking', busy: false, error: friendlyError(error, LINK_FAILED) });
    }
  }

  if (state.status === 'done') {
    const reset = `/auth/change-password?token=${encodeURIComponent(state.answer.resetToken)}`;
    return (
      <Outcome tone="success" title="Your email is back" testId="email-undo-done">
        <p className={auth.subtitle}>
          You sign in with <strong>{state.answer.email}</strong> again, and every device that was signed in has been
          signed out. Whoever changed your email knew your password, so choose a new one now.
        </p>
        <ButtonLink to={reset} size="lg" fullWidth className={auth.spaced} data-testid="email-undo-new-password">
          Choose a new password
        </ButtonLink>
      </Outcome>
    );
  }

  return (
    <Outcome tone="warning" title="Undo the email change?" testId="email-undo">
      <p className={auth.subtitle}>
        Your Cuewave account was set to sign in with a different address. If you didn’t do that, undo it: this address
        becomes your sign-in email again, every device is signed out, and you choose a new password.
      </p>
      <p className={auth.subtitle}>The link works once, for {EMAIL_UNDO_DAYS} days after the change.</p>
      <FormAlert className={cx(auth.alertError, auth.spaced)} testId="email-undo-error">
        {state.error}
      </FormAlert>
      <div className={auth.actions}>
        <Button size="lg" fullWidth onClick={undo} loading={state.busy} data-testid="email-undo-confirm">
          Undo the change
        </Button>
        <ButtonLink to="/" variant="ghost" size="lg" fullWidth>
          I made this change
        </ButtonLink>
      </div>
    </Outcome>
  );
}
