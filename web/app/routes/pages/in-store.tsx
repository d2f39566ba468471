import { Link } from 'react-router';
import { Check, Store, UtensilsCrossed, Ticket } from 'lucide-react';
import { CHANNEL_LIMITS } from '@cuewave/contract/account';
import { LICENCE_TERMS } from '@cuewave/contract/licence';
import { useViewer } from '../../features/auth/use-viewer';
import { EnterpriseForm } from '../../features/enterprise/enterprise-form';
import { pageMeta } from '../../features/pages/page-meta';
import { useLocalizedPath } from '../../features/shell/edition';
import styles from '../../features/pages/pages.module.css';

export const meta = () =>
  pageMeta(
    'In-store music for shops, restaurants and venues',
    'License Cuewave music to play in your shops, restaurants, gyms, hotels and venues, under an agreement made for your locations.',
  );

/**
 * /in-store (spec §2; hidden from navigation when signed in): music played to customers on premises is
 * not in the creator plans, so it is licensed under an Enterprise agreement; the enquiry goes through
 * the Enterprise form (and to sales) with "venue" picked (decision 069).
 */
export default function InStorePage() {
  const viewer = useViewer();
  const localized = useLocalizedPath();
  return (
    <div className={styles.page}>
      <div className={styles.split}>
        <section aria-labelledby="in-store-title">
          <header className={styles.header}>
            <p className={styles.eyebrow}>In-store music</p>
            <h1 id="in-store-title" className={styles.title}>
              Music for your shop, restaurant or venue
            </h1>
            <p className={styles.lead}>
              Play Cuewave music to your customers: in shops, cafés and restaurants, gyms, hotels, salons, offices and
              events. Tell us about your locations and we’ll reply within one business day with an agreement and a
              price.
            </p>
          </header>
          <div className={styles.rows}>
            <div className={styles.card}>
              <Store aria-hidden="true" />
              <h2>Retail</h2>
              <p>One agreement for one shop or a chain, the same music in every location.</p>
            </div>
            <div className={styles.card}>
              <UtensilsCrossed aria-hidden="true" />
              <h2>Hospitality</h2>
              <p>Restaurants, cafés, bars and hotels: background music by mood, for every hour.</p>
            </div>
            <div className={styles.card}>
              <Ticket aria-hidden="true" />
              <h2>Venues and events</h2>
              <p>Gyms, studios, waiting rooms and events, with sound effects for your own announcements.</p>
            </div>
          </div>
          <div className={styles.prose}>
            <h2>What the licence covers</h2>
            <ul className={styles.points}>
              <li>
                <Check aria-hidden="true" />
                Playing music and sound effects from the whole Cuewave catalogue to the public at the locations named in
                your agreement.
              </li>
              <li>
                <Check aria-hidden="true" />
                Your business’s videos and ads too, on up to {CHANNEL_LIMITS.enterprise} channels.{' '}
                {LICENCE_TERMS.enterprise[1]}
              </li>
              <li>
                <Check aria-hidden="true" />
                Paid by invoice, for as many locations as you have; add locations as you open them.
              </li>
            </ul>
            <h2>Which plan fits</h2>
            <p>
              In-store playback is licensed only under an <strong>Enterprise</strong> agreement: the creator plans
              (Start, Advanced, Professional) cover videos on your channels, not music played on your premises. If you
              only need music for your business’s social videos, <strong>Advanced</strong> covers your company’s
              channels and <strong>Professional</strong> adds paid advertising: see{' '}
              <Link to={localized('/licenses')}>licences and pricing</Link>.
            </p>
            <p>
              Collecting societies (such as ZAiKS, PRS or ASCAP) may license public performance separately in your
              country; we tell you in the agreement whether the music you choose needs one.
            </p>
          </div>
        </section>
        <section className={styles.panel} aria-label="In-store enquiry">
          <EnterpriseForm
            defaultEmail={viewer?.account.email ?? ''}
            defaultUse="venue"
            countLabel="Locations (optional)"
            countHint="How many shops, restaurants or venues the music will play in."
          />
        </section>
      </div>
    </div>
  );
}
