import { useState } from 'react';
import { useLocation } from 'react-router';
import { MessageSquareText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Account } from '@cuewave/contract/account';
import { useApiErrorText } from '../../features/registration/error-messages';
import { displayPhone } from '../../features/registration/phone-format';
import { nextStepAfter, stepPath } from '../../features/registration/registration-paths';
import { useGoTo, useRegisterViewer } from '../../features/registration/use-register-viewer';
import { VerifyCodeForm } from '../../features/registration/verify-code-form';
import { apiSend } from '../../lib/api';
import forms from '../../features/registration/forms.module.css';
import shared from '../../features/auth/auth-forms.module.css';
import styles from '../../features/registration/register-page.module.css';
import { FormAlert } from '../../features/auth/form-alert';
import { requestTexts } from '../../i18n/request-texts.server';
import type { Route } from './+types/verify-phone';

/** The page's title in the request's language (meta runs outside React). */
export function loader({ request }: Route.LoaderArgs) {
  return { title: requestTexts(request, 'registration').t('meta.verifyPhone') };
}

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title }, { name: 'robots', content: 'noindex' }];

/** /register/verify-phone: the texted code; "change number" removes the number and goes back a step. */
export default function VerifyPhonePage() {
  const { t } = useTranslation('registration');
  const friendlyError = useApiErrorText();
  const viewer = useRegisterViewer();
  const goTo = useGoTo();
  const location = useLocation();
  const justSent = Boolean((location.state as { justSent?: boolean } | null)?.justSent);
  const [changing, setChanging] = useState(false);
  const [changeError, setChangeError] = useState<string | null>(null);
  if (!viewer) return null;

  const next = () => goTo(stepPath(nextStepAfter(viewer, { confirmedPhone: true })));

  async function changeNumber() {
    setChanging(true);
    setChangeError(null);
    try {
      await apiSend<Account>('DELETE', '/v1/account/mobile');
      await goTo('/register/add-phone');
    } catch (error) {
      setChangeError(friendlyError(error));
      setChanging(false);
    }
  }

  return (
    <div className={styles.card}>
      <header className={styles.header}>
        <span className={styles.icon} aria-hidden="true">
          <MessageSquareText />
        </span>
        <h1 className={shared.stepTitle}>{t('verifyPhone.title')}</h1>
        <p className={styles.lead}>
          {t('verifyPhone.sentTo')}{' '}
          <strong data-testid="verify-phone-number">
            {viewer.account.phone ? displayPhone(viewer.account.phone) : ''}
          </strong>
          .{' '}
          <button
            type="button"
            className={forms.linkButton}
            onClick={() => void changeNumber()}
            disabled={changing}
            aria-busy={changing || undefined}
            data-testid="change-number"
          >
            {changing ? t('verifyPhone.removing') : t('verifyPhone.change')}
          </button>
        </p>
      </header>
      <FormAlert>{changeError}</FormAlert>
      <VerifyCodeForm
        channel="phone"
        justSent={justSent}
        autoFocus
        alreadyVerifiedCode="PHONE_ALREADY_CONFIRMED"
        verify={(code) => apiSend<Account>('POST', '/v1/account/mobile/verify', { json: { code } })}
        resend={(captcha) => apiSend('POST', '/v1/account/mobile/resend', { json: { captcha } })}
        onVerified={next}
        submitLabel={t('verifyPhone.submit')}
      />
    </div>
  );
}
