import { useRef, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { emailSchema, type Account, type Me } from '@cuewave/contract/account';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast';
import { useRefreshViewer } from '../auth/use-viewer';
import { errorCode, useApiErrorText } from '../registration/error-messages';
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
  const { t } = useTranslation('account');
  const { email, confirmedEmail } = me.account;
  const pendingEmail = me.account.pendingEmail ?? null;

  return (
    <AccountSection title={t('email.title')} description={t('email.description')} testId="account-email">
      <div className={styles.row}>
        <p className={styles.value}>
          <span data-testid="account-email-value">{email}</span>
          <StatusBadge ok={confirmedEmail} okLabel={t('email.confirmed')} notOkLabel={t('email.notConfirmed')} />
        </p>
        {!editing ? (
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)} data-testid="change-email">
            {t('email.change')}
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
                ? t('email.sentKeep', { requested, current: account.email })
                : t('email.sent', { requested }),
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
          <h3 className={styles.subpanelTitle}>{t('email.confirmTitle')}</h3>
          <p className={styles.muted}>{t('email.confirmText', { email })}</p>
          <VerifyCodeForm
            channel="email"
            justSent={justChanged}
            alreadyVerifiedCode="email already confirmed"
            verify={(code) => apiSend('POST', '/v1/account/email/verify', { json: { code } })}
            resend={(captcha) => apiSend('POST', '/v1/account/email/resend', { json: { captcha } })}
            onVerified={async () => {
              setJustChanged(false);
              await refreshViewer();
              toast.success(t('email.confirmedToast'));
            }}
            submitLabel={t('email.confirm')}
          />
        </div>
      ) : null}
    </AccountSection>
  );
}

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
  const { t } = useTranslation('account');
  const errorText = useApiErrorText();

  async function cancel() {
    setError(null);
    setCancelling(true);
    try {
      await apiSend('DELETE', '/v1/account/email/pending');
      await onDone(t('email.changeCancelled', { current }));
    } catch (err) {
      setError(errorText(err));
      setCancelling(false);
    }
  }

  return (
    <div className={styles.subpanel} data-testid="pending-email">
      <h3 className={styles.subpanelTitle}>
        <Trans
          t={t}
          i18nKey="email.pendingTitle"
          values={{ pending }}
          components={{ address: <span className={styles.pendingAddress} /> }}
        />
      </h3>
      <p className={styles.muted}>{t('email.pendingText', { current })}</p>
      <FormAlert>{error}</FormAlert>
      <VerifyCodeForm
        channel="email"
        justSent={justSent}
        alreadyVerifiedCode="email already confirmed"
        verify={(code) => apiSend('POST', '/v1/account/email/verify', { json: { code } })}
        resend={(captcha) => apiSend('POST', '/v1/account/email/resend', { json: { captcha } })}
        onVerified={() => onDone(t('email.nowSignIn', { pending }))}
        submitLabel={t('email.confirmNew')}
      />
      <div className={styles.buttons}>
        <Button variant="ghost" size="sm" onClick={cancel} loading={cancelling} data-testid="cancel-email-change">
          {t('email.cancelChange')}
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
  const { t } = useTranslation('account');
  const errorText = useApiErrorText();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const parsed = emailSchema.safeParse(email);
    const next: typeof errors = {};
    if (!email.trim()) next.email = t('email.newEmpty');
    else if (!parsed.success) next.email = t('email.newInvalid');
    else if (parsed.data === current.toLowerCase()) next.email = t('email.same');
    if (!password) next.password = t('email.passwordMissing');
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
        setErrors({ email: t('email.taken') });
        emailRef.current?.focus();
      } else if (code === 'wrong credentials or client not found') {
        setErrors({ password: t('wrongPassword') });
        passwordRef.current?.focus();
      } else {
        setFormError(errorText(error, { SERVICE_UNAVAILABLE: t('email.mailUnavailable') }));
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className={`${forms.form} ${styles.subpanel}`} onSubmit={submit} noValidate aria-label={t('email.formName')}>
      <FormAlert>{formError}</FormAlert>
      <TextField
        ref={emailRef}
        label={t('email.newLabel')}
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
        hint={keepsSignIn ? t('email.hintKeep', { current }) : t('email.hint')}
        data-testid="new-email"
      />
      <PasswordField
        ref={passwordRef}
        label={t('email.currentPassword')}
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
          {t('email.change')}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={saving}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}
