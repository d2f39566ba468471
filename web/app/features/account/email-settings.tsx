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

/** The email address: shown with its state, changed with the current password, then re-verified. */
export function EmailSettings({ me }: { me: Me }) {
  const [editing, setEditing] = useState(false);
  const [justChanged, setJustChanged] = useState(false);
  const refreshViewer = useRefreshViewer();
  const toast = useToast();
  const { email, confirmedEmail } = me.account;

  return (
    <AccountSection
      title="Email"
      description="Where we send receipts, licences and sign-in links."
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
          onCancel={() => setEditing(false)}
          onChanged={async (next) => {
            setEditing(false);
            setJustChanged(true);
            await refreshViewer();
            toast.success(`We sent a code to ${next}. Enter it to confirm your new email.`);
          }}
        />
      ) : null}
      {!confirmedEmail && !editing ? (
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

function ChangeEmailForm({
  current,
  onCancel,
  onChanged,
}: {
  current: string;
  onCancel: () => void;
  onChanged: (email: string) => Promise<void>;
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
      await onChanged(account?.email ?? parsed.data!);
    } catch (error) {
      const code = errorCode(error);
      if (code === 'EMAIL_TAKEN') {
        setErrors({ email: 'Another account already uses this email.' });
        emailRef.current?.focus();
      } else if (code === 'wrong credentials or client not found') {
        setErrors({ password: 'That password isn’t right.' });
        passwordRef.current?.focus();
      } else {
        setFormError(friendlyError(error));
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
        hint="We’ll send a code to the new address to confirm it."
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
