import { useDashboardViewer } from '../../features/account/use-dashboard-viewer';
import { DeleteAccount } from '../../features/account/delete-account';
import { DeviceLink } from '../../features/account/device-link';
import { EmailSettings } from '../../features/account/email-settings';
import { PasswordSettings } from '../../features/account/password-settings';
import { PhoneSettings } from '../../features/account/phone-settings';
import { PreferenceToggles } from '../../features/account/preference-toggles';
import { RatingSettings } from '../../features/account/rating-settings';
import styles from '../../features/account/account.module.css';

export const meta = () => [{ title: 'Account · Cuewave' }, { name: 'robots', content: 'noindex' }];

/** /dashboard/account: email, phone, password, notifications, rating and account deletion. */
export default function AccountPage() {
  const me = useDashboardViewer();
  return (
    <div className={styles.page}>
      <header className={styles.pageHeader}>
        <h1 className={styles.pageTitle}>Account</h1>
        <p className={styles.pageLead}>Your sign-in details, contact numbers and preferences.</p>
      </header>
      <EmailSettings me={me} />
      <PhoneSettings me={me} />
      <PasswordSettings me={me} />
      <DeviceLink />
      <PreferenceToggles me={me} />
      <RatingSettings me={me} />
      <DeleteAccount me={me} />
    </div>
  );
}
