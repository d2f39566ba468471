import { useTranslation } from 'react-i18next';
import { requestTexts } from '../../i18n/request-texts.server';
import { useDashboardViewer } from '../../features/account/use-dashboard-viewer';
import { DeleteAccount } from '../../features/account/delete-account';
import { DeviceLink } from '../../features/account/device-link';
import { EmailSettings } from '../../features/account/email-settings';
import { PasswordSettings } from '../../features/account/password-settings';
import { PhoneSettings } from '../../features/account/phone-settings';
import { PreferenceToggles } from '../../features/account/preference-toggles';
import { RatingSettings } from '../../features/account/rating-settings';
import styles from '../../features/account/account.module.css';

import type { Route } from './+types/account';

/** The page's title in the request's language (meta runs outside React, so the loader words it). */
export function loader({ request }: Route.LoaderArgs) {
  return { title: requestTexts(request, 'account').t('meta.title') };
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...(data ? [{ title: data.title }] : []),
  { name: 'robots', content: 'noindex' },
];

/** /dashboard/account: email, phone, password, notifications, rating and account deletion. */
export default function AccountPage() {
  const me = useDashboardViewer();
  const { t } = useTranslation('account');
  return (
    <div className={styles.page}>
      <header className={styles.pageHeader}>
        <h1 className={styles.pageTitle}>{t('page.title')}</h1>
        <p className={styles.pageLead}>{t('page.lead')}</p>
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
