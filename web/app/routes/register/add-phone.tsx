import { Smartphone } from 'lucide-react';
import type { Account } from '@cuewave/contract/account';
import { PhoneForm } from '../../features/registration/phone-form';
import { useGoTo, useRegisterViewer } from '../../features/registration/use-register-viewer';
import { apiSend } from '../../lib/api';
import shared from '../../features/auth/auth-forms.module.css';
import styles from '../../features/registration/register-page.module.css';

export const meta = () => [{ title: 'Add your phone · Cuewave' }, { name: 'robots', content: 'noindex' }];

/** /register/add-phone: the mobile number (spec §5: a chosen plan needs a verified phone). */
export default function AddPhonePage() {
  const viewer = useRegisterViewer();
  const goTo = useGoTo();
  if (!viewer) return null;

  return (
    <div className={styles.card}>
      <header className={styles.header}>
        <span className={styles.icon} aria-hidden="true">
          <Smartphone />
        </span>
        <h1 className={shared.stepTitle}>Add your mobile number</h1>
        <p className={styles.lead}>
          We’ll text you a 6-digit code to confirm it. It keeps your account and licences safe; we never share it.
        </p>
      </header>
      <PhoneForm
        initialPhone={viewer.account.phone}
        submitLabel="Text me a code"
        autoFocus
        onSubmit={async (phone) => {
          await apiSend<Account>('POST', '/v1/account/mobile', { json: phone });
          await goTo('/register/verify-phone', { justSent: true });
        }}
      />
    </div>
  );
}
