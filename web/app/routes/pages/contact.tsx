import { Link } from 'react-router';
import { Building2, LifeBuoy, Mail } from 'lucide-react';
import type { LegalFacts } from '@cuewave/contract/contact';
import { useViewer } from '../../features/auth/use-viewer';
import { getLegalFacts } from '../../features/pages/legal-facts';
import { MessageForm } from '../../features/pages/message-form';
import { pageMeta } from '../../features/pages/page-meta';
import styles from '../../features/pages/pages.module.css';
import type { Route } from './+types/contact';

export async function loader({ request }: Route.LoaderArgs) {
  return { facts: await getLegalFacts(request).catch((): LegalFacts | null => null) };
}

export const meta = () =>
  pageMeta(
    'Contact us',
    'Questions about licences, plans, payments or downloads? Write to the Cuewave team: we reply within one business day.',
  );

/** /contact (spec §2): the contact form, the FAQ and, for signed-in users, dashboard support. */
export default function ContactPage({ loaderData }: Route.ComponentProps) {
  const viewer = useViewer();
  const { facts } = loaderData;
  return (
    <div className={styles.page}>
      <div className={styles.split}>
        <section aria-labelledby="contact-title">
          <header className={styles.header}>
            <p className={styles.eyebrow}>Contact</p>
            <h1 id="contact-title" className={styles.title}>
              Talk to us
            </h1>
            <p className={styles.lead}>
              A question about a licence, your plan, a payment or a download? Write to us and a person from our team
              replies within one business day.
            </p>
          </header>
          <div className={styles.cards}>
            <div className={styles.card}>
              <LifeBuoy aria-hidden="true" />
              <h2>Quick answers</h2>
              <p>
                Most questions are answered in the{' '}
                <Link to="/faq/rights" className={styles.link}>
                  FAQ
                </Link>
                .
              </p>
            </div>
            {viewer ? (
              <div className={styles.card}>
                <Mail aria-hidden="true" />
                <h2>Signed in?</h2>
                <p>
                  Use{' '}
                  <Link to="/dashboard/support" className={styles.link}>
                    support in your dashboard
                  </Link>{' '}
                  to keep your requests in one place.
                </p>
              </div>
            ) : null}
            <div className={styles.card}>
              <Building2 aria-hidden="true" />
              <h2>For businesses</h2>
              <p>
                Broadcast, agencies and brands:{' '}
                <Link to="/enterprise" className={styles.link}>
                  Enterprise
                </Link>
                ; shops and venues:{' '}
                <Link to="/in-store" className={styles.link}>
                  in-store music
                </Link>
                .
              </p>
            </div>
          </div>
          {facts ? (
            <p className={styles.updated}>
              {facts.seller.name}, {facts.seller.addressLines.join(', ')} · Email{' '}
              <a href={`mailto:${facts.supportEmail}`} className={styles.link}>
                {facts.supportEmail}
              </a>
            </p>
          ) : null}
        </section>
        <section className={styles.panel} aria-label="Contact form">
          <MessageForm mode="contact" defaultEmail={viewer?.account.email ?? ''} />
        </section>
      </div>
    </div>
  );
}
