import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Me } from '@cuewave/contract/account';
import { Button } from '../../components/ui/button';
import { useToast } from '../../components/ui/toast';
import { errorCode, useApiErrorText } from '../registration/error-messages';
import { passwordProblemText } from '../registration/password-strength';
import { PasswordField } from '../registration/password-field';
import { apiSend } from '../../lib/api';
import { AccountSection } from './account-section';
import forms from '../registration/forms.module.css';
import { FormAlert } from '../auth/form-alert';

/** Change the password with the current one; every other session is signed out by the API. */
export function PasswordSettings({ me }: { me: Me }) {
  const toast = useToast();
  const { t } = useTranslation('account');
  // The password rules are worded once, with the sign-up form (the `auth` texts).
  const { t: authT } = useTranslation('auth');
  const errorText = useApiErrorText();
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
    if (!current) found.current = t('password.currentMissing');
    if (!next) found.next = t('password.newMissing');
    else if (next === current) found.next = t('password.same');
    else {
      const problem = passwordProblemText(next, authT, me.account.email);
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
      toast.success(t('password.changed'));
    } catch (error) {
      const code = errorCode(error);
      if (code === 'wrong credentials or client not found') {
        setErrors({ current: t('wrongPassword') });
        currentRef.current?.focus();
      } else if (code === 'WEAK_PASSWORD') {
        setErrors({ next: errorText(error) });
        nextRef.current?.focus();
      } else {
        setFormError(errorText(error));
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <AccountSection title={t('password.title')} description={t('password.description')} testId="account-password">
      <form className={forms.form} onSubmit={submit} noValidate aria-label={t('password.formName')}>
        <FormAlert>{formError}</FormAlert>
        {/* Lets password managers pair the new password with this account. */}
        <input type="text" name="username" autoComplete="username" value={me.account.email} readOnly hidden />
        <PasswordField
          ref={currentRef}
          label={t('password.current')}
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
          label={t('password.new')}
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
            {t('password.submit')}
          </Button>
        </div>
      </form>
    </AccountSection>
  );
}
