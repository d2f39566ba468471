import { Link } from 'react-router';
import { Check } from 'lucide-react';
import { CHANNEL_LIMITS } from '@cuewave/contract/account';
import { LICENCE_TERMS } from '@cuewave/contract/licence';
import { useViewer } from '../features/auth/use-viewer';
import { EnterpriseForm } from '../features/enterprise/enterprise-form';
import { useLocalizedPath } from '../features/shell/edition';
import styles from '../features/enterprise/enterprise.module.css';

export const meta = () => [
  { title: 'Enterprise licensing · Cuewave' },
  {
    name: 'description',
    content: `Cuewave Enterprise: music and sound effects for up to ${CHANNEL_LIMITS.enterprise} channels, broadcast, TV and games, with custom terms and invoicing.`,
  },
];

/** /enterprise (spec §2): what Enterprise adds and the contact form it is bought through (decision 041). */
export default function EnterprisePage() {
  const viewer = useViewer();
  const localized = useLocalizedPath();
  return (
    <div className={styles.page}>
      <section className={styles.intro} aria-labelledby="enterprise-title">
        <p className={styles.eyebrow}>Enterprise</p>
        <h1 id="enterprise-title" className={styles.title}>
          Music for your whole team
        </h1>
        <p className={styles.lead}>
          For broadcasters, agencies, brands and studios: the whole Cuewave catalogue under an agreement made for you.
          Tell us what you need and we’ll reply within one business day.
        </p>
        <ul role="list" className={styles.points}>
          <li>
            <Check aria-hidden="true" />
            Up to {CHANNEL_LIMITS.enterprise} channels on one licence, more by agreement
          </li>
          {LICENCE_TERMS.enterprise.map((term) => (
            <li key={term}>
              <Check aria-hidden="true" />
              {term}
            </li>
          ))}
          <li>
            <Check aria-hidden="true" />
            Paid by invoice, with a dedicated account manager
          </li>
        </ul>
        <Link to={localized('/licenses')} className={styles.back}>
          Compare all plans and prices
        </Link>
      </section>
      <section className={styles.panel} aria-label="Contact sales">
        <EnterpriseForm defaultEmail={viewer?.account.email ?? ''} />
      </section>
    </div>
  );
}
