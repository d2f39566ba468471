import { useRef, useState, type FormEvent } from 'react';
import { passwordProblem, type Me } from '@cuewave/contract/account';
import { Button } from '../../components/ui/button';
import { useToast } from '../../components/ui/toast';
import { errorCode, friendlyError } from '../registration/error-messages';
import { PasswordField } from '../registration/password-field';
import { apiSend } from '../../lib/api';
import { AccountSection } from './account-section';
import forms from '../registration/forms.module.css';
import { FormAlert } from '../auth/form-alert';

export const PASSWORD_CHANGED = 'Password changed — other devices were signed out';

/** Change the password with the current one; every other session is signed out by the API. */
export function PasswordSettings({ me }: { me: Me }) {
  const toast = useToast();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<{ current?: string; next?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const currentRef = useRef<HTMLInputElement>(null);
  const nextRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const found: typeof errors = {};
    if (!current) found.current = 'Enter your current password.';
    if (!next) found.next = 'Choose a new password.';
    else if (next === current) found.next = 'Choose a password different from the current one.';
    else {
      const problem = passwordProblem(next, me.account.email);
      if (problem) found.next = problem;
    }
    setErrors(found);
    if (found.current) return currentRef.current?.focus();
    if (found.next) return nextRef.current?.focus();

    setSaving(true);
    try {
      await apiSend('POST', '/v1/account/password', { json: { currentPassword: current, newPassword: next } });
      setCurrent('');
      setNext('');
      toast.success(PASSWORD_CHANGED);
    } catch (error) {
      const code = errorCode(error);
      if (code === 'wrong credentials or client not found') {
        setErrors({ current: 'That password isn’t right.' });
        currentRef.current?.focus();
      } else if (code === 'WEAK_PASSWORD') {
        setErrors({ next: friendlyError(error) });
        nextRef.current?.focus();
      } else {
        setFormError(friendlyError(error));
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <AccountSection
      title="Password"
      description="Changing it signs you out on every other device."
      testId="account-password"
    >
      <form className={forms.form} onSubmit={submit} noValidate aria-label="Change password">
        <FormAlert>{formError}</FormAlert>
        {/* Lets password managers pair the new password with this account. */}
        <input type="text" name="username" autoComplete="username" value={me.account.email} readOnly hidden />
        <PasswordField
          ref={currentRef}
          label="Current password"
          name="currentPassword"
          autoComplete="current-password"
          value={current}
          onChange={(value) => {
            setCurrent(value);
            if (errors.current) setErrors((e) => ({ ...e, current: undefined }));
          }}
          error={errors.current}
          disabled={saving}
          testId="current-password"
        />
        <PasswordField
          ref={nextRef}
          label="New password"
          name="newPassword"
          autoComplete="new-password"
          value={next}
          onChange={(value) => {
            setNext(value);
            if (errors.next) setErrors((e) => ({ ...e, next: undefined }));
          }}
          error={errors.next}
          meter
          email={me.account.email}
          disabled={saving}
          testId="new-password"
        />
        <div className={forms.actions}>
          <Button type="submit" loading={saving} data-testid="save-password">
            Change password
          </Button>
        </div>
      </form>
    </AccountSection>
  );
}
