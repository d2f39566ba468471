import { useRef, useState, type FormEvent } from 'react';
import { emailSchema, type Account, type Me } from '@cuewave/contract/account';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast';
import { useRefreshViewer } from '../auth/use-viewer';
import { errorCode, friendlyError } from '../registration/error-messages';
import { PasswordField } from '../registration/password-field';
import { VerifyCodeForm } from '../registration/verify-code-form';
import { apiSend } from '../../lib/api';
import { AccountSection, StatusBadge } from './account-section';
import forms from '../registration/forms.module.css';
import styles from './account.module.css';
import { FormAlert } from '../auth/form-alert';

/**
 * The sign-in email: shown with its state, changed with the current password. A confirmed email stays
 * the sign-in email until the new one is confirmed (decision 048); the pending one is shown with its
 * code form, a resend and a cancel.
 */
export function EmailSettings({ me }: { me: Me }) {
  const [editing, setEditing] = useState(false);
  const [justChanged, setJustChanged] = useState(false);
  const refreshViewer = useRefreshViewer();
  const toast = useToast();
  const { email, confirmedEmail } = me.account;
  const pendingEmail = me.account.pendingEmail ?? null;

  return (
    <AccountSection
      title="Email"
      description="You sign in with it, and we send receipts, licences and sign-in links to it."
      testId="account-email"
    >
      <div className={styles.row}>
        <p className={styles.value}>
          <span data-testid="account-email-value">{email}</span>
          <StatusBadge ok={confirmedEmail} okLabel="Confirmed" notOkLabel="Not confirmed" />
        </p>
        {!editing ? (
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)} data-testid="change-email">
            Change email
          </Button>
        ) : null}
      </div>
      {editing ? (
        <ChangeEmailForm
          current={email}
          keepsSignIn={confirmedEmail}
          onCancel={() => setEditing(false)}
          onChanged={async (account, requested) => {
            setEditing(false);
            setJustChanged(true);
            await refreshViewer();
            toast.success(
              account.pendingEmail
                ? `We sent a code to ${requested}. You keep signing in with ${account.email} until you enter it.`
                : `We sent a code to ${requested}. Enter it to confirm your new email.`,
            );
          }}
        />
      ) : null}
      {pendingEmail && !editing ? (
        <PendingEmail
          current={email}
          pending={pendingEmail}
          justSent={justChanged}
          onDone={async (message) => {
            setJustChanged(false);
            await refreshViewer();
            toast.success(message);
          }}
        />
      ) : null}
      {!confirmedEmail && !pendingEmail && !editing ? (
        <div className={styles.subpanel}>
          <h3 className={styles.subpanelTitle}>Confirm your email</h3>
          <p className={styles.muted}>Enter the 6-digit code we sent to {email}.</p>
          <VerifyCodeForm
            channel="email"
            justSent={justChanged}
            alreadyVerifiedCode="email already confirmed"
            verify={(code) => apiSend('POST', '/v1/account/email/verify', { json: { code } })}
            resend={(captcha) => apiSend('POST', '/v1/account/email/resend', { json: { captcha } })}
            onVerified={async () => {
              setJustChanged(false);
              await refreshViewer();
              toast.success('Your email is confirmed.');
            }}
            submitLabel="Confirm email"
          />
        </div>
      ) : null}
    </AccountSection>
  );
}

const MAIL_UNAVAILABLE = 'We couldn’t send the email just now, so nothing was changed. Please try again in a minute.';

/** A new sign-in email waiting for its code: confirm it, get a new code, or drop the change. */
function PendingEmail({
  current,
  pending,
  justSent,
  onDone,
}: {
  current: string;
  pending: string;
  justSent: boolean;
  onDone: (message: string) => Promise<void>;
}) {
  const [cancelling, setCancelling] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function cancel() {
    setError(null);
    setCancelling(true);
    try {
      await apiSend('DELETE', '/v1/account/email/pending');
      await onDone(`The change was cancelled. You still sign in with ${current}.`);
    } catch (err) {
      setError(friendlyError(err));
      setCancelling(false);
    }
  }

  return (
    <div className={styles.subpanel} data-testid="pending-email">
      <h3 className={styles.subpanelTitle}>
        Pending confirmation: <span className={styles.pendingAddress}>{pending}</span>
      </h3>
      <p className={styles.muted}>
        Enter the 6-digit code we sent to that address. Until you do, you keep signing in with {current}. Once it’s
        confirmed, we’ll let your current address know.
      </p>
      <FormAlert>{error}</FormAlert>
      <VerifyCodeForm
        channel="email"
        justSent={justSent}
        alreadyVerifiedCode="email already confirmed"
        verify={(code) => apiSend('POST', '/v1/account/email/verify', { json: { code } })}
        resend={(captcha) => apiSend('POST', '/v1/account/email/resend', { json: { captcha } })}
        onVerified={() => onDone(`You now sign in with ${pending}.`)}
        submitLabel="Confirm new email"
      />
      <div className={styles.buttons}>
        <Button variant="ghost" size="sm" onClick={cancel} loading={cancelling} data-testid="cancel-email-change">
          Cancel the change
        </Button>
      </div>
    </div>
  );
}

function ChangeEmailForm({
  current,
  keepsSignIn,
  onCancel,
  onChanged,
}: {
  current: string;
  /** A confirmed email stays the sign-in email until the new one is confirmed. */
  keepsSignIn: boolean;
  onCancel: () => void;
  onChanged: (account: Account, requested: string) => Promise<void>;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const parsed = emailSchema.safeParse(email);
    const next: typeof errors = {};
    if (!email.trim()) next.email = 'Enter your new email address.';
    else if (!parsed.success) next.email = 'Enter a valid email address, like name@example.com.';
    else if (parsed.data === current.toLowerCase()) next.email = 'That is already your email address.';
    if (!password) next.password = 'Enter your current password.';
    setErrors(next);
    if (next.email) return emailRef.current?.focus();
    if (next.password) return passwordRef.current?.focus();

    setSaving(true);
    try {
      const account = await apiSend<Account>('POST', '/v1/account', {
        json: { email: parsed.data, currentPassword: password },
      });
      await onChanged(account, parsed.data!);
    } catch (error) {
      const code = errorCode(error);
      if (code === 'EMAIL_TAKEN') {
        setErrors({ email: 'Another account already uses this email.' });
        emailRef.current?.focus();
      } else if (code === 'wrong credentials or client not found') {
        setErrors({ password: 'That password isn’t right.' });
        passwordRef.current?.focus();
      } else {
        setFormError(friendlyError(error, { SERVICE_UNAVAILABLE: MAIL_UNAVAILABLE }));
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className={`${forms.form} ${styles.subpanel}`} onSubmit={submit} noValidate aria-label="Change email">
      <FormAlert>{formError}</FormAlert>
      <TextField
        ref={emailRef}
        label="New email"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        autoFocus
        value={email}
        error={errors.email}
        disabled={saving}
        onChange={(event) => {
          setEmail(event.target.value);
          if (errors.email) setErrors((e) => ({ ...e, email: undefined }));
        }}
        hint={
          keepsSignIn
            ? `We’ll send a code to the new address. You keep signing in with ${current} until you confirm it.`
            : 'We’ll send a code to the new address to confirm it.'
        }
        data-testid="new-email"
      />
      <PasswordField
        ref={passwordRef}
        label="Current password"
        name="currentPassword"
        autoComplete="current-password"
        value={password}
        onChange={(value) => {
          setPassword(value);
          if (errors.password) setErrors((e) => ({ ...e, password: undefined }));
        }}
        error={errors.password}
        disabled={saving}
        testId="email-current-password"
      />
      <div className={forms.actions}>
        <Button type="submit" loading={saving} data-testid="save-email">
          Change email
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
