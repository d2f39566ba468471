import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Check } from 'lucide-react';
import { CHANNEL_LIMITS } from '@cuewave/contract/account-rules';
import { useViewer } from '../features/auth/use-viewer';
import { EnterpriseForm } from '../features/enterprise/enterprise-form';
import { licenceTerms } from '../features/licence/licence-terms';
import { requestTexts } from '../i18n/request-texts.server';
import { useLocalizedPath } from '../features/shell/edition';
import styles from '../features/enterprise/enterprise.module.css';
import type { Route } from './+types/enterprise';

export function loader({ request }: Route.LoaderArgs) {
  const { t } = requestTexts(request, 'enterprise');
  return {
    meta: { title: t('meta.title'), description: t('meta.description', { count: CHANNEL_LIMITS.enterprise }) },
  };
}

export const meta = ({ data }: Route.MetaArgs) =>
  data
    ? [{ title: `${data.meta.title} · Cuewave` }, { name: 'description', content: data.meta.description }]
    : [{ title: 'Cuewave' }];

/** /enterprise (spec §2): what Enterprise adds and the contact form it is bought through (decision 041). */
export default function EnterprisePage() {
  const { t } = useTranslation(['enterprise', 'licence']);
  const viewer = useViewer();
  const localized = useLocalizedPath();
  return (
    <div className={styles.page}>
      <section className={styles.intro} aria-labelledby="enterprise-title">
        <p className={styles.eyebrow}>{t('eyebrow')}</p>
        <h1 id="enterprise-title" className={styles.title}>
          {t('title')}
        </h1>
        <p className={styles.lead}>{t('lead')}</p>
        <ul role="list" className={styles.points}>
          <li>
            <Check aria-hidden="true" />
            {t('points.channels', { count: CHANNEL_LIMITS.enterprise })}
          </li>
          {licenceTerms(t, 'enterprise').map((term) => (
            <li key={term}>
              <Check aria-hidden="true" />
              {term}
            </li>
          ))}
          <li>
            <Check aria-hidden="true" />
            {t('points.invoice')}
          </li>
        </ul>
        <Link to={localized('/licenses')} className={styles.back}>
          {t('compare')}
        </Link>
      </section>
      <section className={styles.panel} aria-label={t('formLabel')}>
        <EnterpriseForm defaultEmail={viewer?.account.email ?? ''} />
      </section>
    </div>
  );
}
