import { CheckCircle2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ui/button';
import styles from '../../features/auth/auth-forms.module.css';
import { requestTexts } from '../../i18n/request-texts.server';
import type { Route } from './+types/change-confirmed';

/** The page's title in the request's language (meta runs outside React). */
export function loader({ request }: Route.LoaderArgs) {
  const { t } = requestTexts(request, 'auth');
  return { title: t('meta.changeConfirmed') };
}

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title }];

/** After a password change through the emailed link. */
export default function ChangeConfirmed() {
  const { t } = useTranslation('auth');
  return (
    <div className={styles.root}>
      <div className={`${styles.badge} ${styles.badgeSuccess}`} aria-hidden="true">
        <CheckCircle2 />
      </div>
      <h1 className={styles.title}>{t('changeConfirmed.title')}</h1>
      <p className={styles.subtitle} data-testid="change-confirmed-text">
        {t('changeConfirmed.text')}
      </p>
      <div className={styles.actions}>
        <ButtonLink to="/auth/login" size="lg" fullWidth data-testid="change-confirmed-login">
          {t('changeConfirmed.logIn')}
        </ButtonLink>
      </div>
    </div>
  );
}
