import { Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Account } from '@cuewave/contract/account';
import { PhoneForm } from '../../features/registration/phone-form';
import { useGoTo, useRegisterViewer } from '../../features/registration/use-register-viewer';
import { apiSend } from '../../lib/api';
import shared from '../../features/auth/auth-forms.module.css';
import styles from '../../features/registration/register-page.module.css';
import { requestTexts } from '../../i18n/request-texts.server';
import type { Route } from './+types/add-phone';

/** The page's title in the request's language (meta runs outside React). */
export function loader({ request }: Route.LoaderArgs) {
  return { title: requestTexts(request, 'registration').t('meta.addPhone') };
}

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title }, { name: 'robots', content: 'noindex' }];

/** /register/add-phone: the mobile number (spec §5: a chosen plan needs a verified phone). */
export default function AddPhonePage() {
  const { t } = useTranslation('registration');
  const viewer = useRegisterViewer();
  const goTo = useGoTo();
  if (!viewer) return null;

  return (
    <div className={styles.card}>
      <header className={styles.header}>
        <span className={styles.icon} aria-hidden="true">
          <Smartphone />
        </span>
        <h1 className={shared.stepTitle}>{t('addPhone.title')}</h1>
        <p className={styles.lead}>{t('addPhone.lead')}</p>
      </header>
      <PhoneForm
        initialPhone={viewer.account.phone}
        submitLabel={t('addPhone.submit')}
        autoFocus
        onSubmit={async (phone) => {
          await apiSend<Account>('POST', '/v1/account/mobile', { json: phone });
          await goTo('/register/verify-phone', { justSent: true });
        }}
      />
    </div>
  );
}
