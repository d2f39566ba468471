import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Me } from '@cuewave/contract/account';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { useToast } from '../../components/ui/toast';
import { announceAuthChange, clearLocalSession, homePath } from '../auth/session-client';
import { errorCode, useApiErrorText } from '../registration/error-messages';
import { PasswordField } from '../registration/password-field';
import { apiSend } from '../../lib/api';
import { AccountSection } from './account-section';
import forms from '../registration/forms.module.css';
import { FormAlert } from '../auth/form-alert';

/**
 * Delete the account after re-entering the password (DELETE /v1/account). The API clears the
 * session cookies; this browser's stores are cleared, other tabs reload and the user lands home.
 */
export function DeleteAccount({ me }: { me: Me }) {
  const [open, setOpen] = useState(false);
  const { t } = useTranslation('account');
  return (
    <AccountSection
      title={t('delete.title')}
      description={t('delete.description')}
      tone="danger"
      testId="account-delete"
    >
      <div>
        <Button variant="danger" onClick={() => setOpen(true)} data-testid="delete-account">
          {t('delete.open')}
        </Button>
      </div>
      <DeleteAccountModal open={open} onClose={() => setOpen(false)} email={me.account.email} />
    </AccountSection>
  );
}

function DeleteAccountModal({ open, onClose, email }: { open: boolean; onClose: () => void; email: string }) {
  const navigate = useNavigate();
  const toast = useToast();
  const { t } = useTranslation('account');
  const errorText = useApiErrorText();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);

  function close() {
    if (deleting) return;
    setPassword('');
    setError(null);
    setFormError(null);
    onClose();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    if (!password) {
      setError(t('delete.passwordMissing'));
      passwordRef.current?.focus();
      return;
    }
    setDeleting(true);
    try {
      await apiSend('DELETE', '/v1/account', { json: { password } });
    } catch (err) {
      const code = errorCode(err);
      if (code === 'wrong credentials or client not found') {
        setError(t('wrongPassword'));
        passwordRef.current?.focus();
      } else {
        setFormError(errorText(err));
      }
      setDeleting(false);
      return;
    }
    clearLocalSession();
    announceAuthChange();
    // The navigation re-runs the root loader, which now finds no session.
    await navigate(homePath(), { replace: true });
    toast.success(t('delete.done'));
  }

  return (
    <Modal
      open={open}
      onClose={close}
      title={t('delete.modalTitle')}
      description={t('delete.modalDescription')}
      size="sm"
      initialFocus={passwordRef}
      dismissible={!deleting}
      data-testid="delete-account-modal"
    >
      <form className={forms.form} onSubmit={submit} noValidate aria-label={t('delete.formName')}>
        <FormAlert testId="delete-account-error">{formError}</FormAlert>
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordField
          ref={passwordRef}
          label={t('delete.password')}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(value) => {
            setPassword(value);
            if (error) setError(null);
          }}
          error={error}
          disabled={deleting}
          testId="delete-password"
        />
        <div className={forms.actions}>
          <Button type="submit" variant="danger" loading={deleting} data-testid="confirm-delete-account">
            {t('delete.confirm')}
          </Button>
          <Button variant="secondary" onClick={close} disabled={deleting}>
            {t('delete.keep')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
