import { Link } from 'react-router';
import { BadgeCheck, Music2, Search, ShieldCheck } from 'lucide-react';
import { CHANNEL_LIMITS, TRIAL_DAYS } from '@cuewave/contract/account';
import { pageMeta } from '../../features/pages/page-meta';
import { useLocalizedPath } from '../../features/shell/edition';
import styles from '../../features/pages/pages.module.css';

export const meta = () =>
  pageMeta(
    'About Cuewave',
    `Cuewave licenses music and sound effects by subscription to video creators and businesses: one plan, the whole catalogue, a licence you can prove. Try it free for ${TRIAL_DAYS} days.`,
  );

/** /about (spec §2): what Cuewave is and how it works, in terms the rest of the site keeps. */
export default function AboutPage() {
  const localized = useLocalizedPath();
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <p className={styles.eyebrow}>About us</p>
        <h1 className={styles.title}>Music you can publish without worrying</h1>
        <p className={styles.lead}>
          Cuewave licenses music and sound effects by subscription to video creators and businesses. One plan covers the
          whole catalogue on the channels you register, and every licence comes with a certificate anyone can check.
        </p>
      </header>

      <div className={styles.cards}>
        <section className={styles.card} aria-labelledby="about-catalogue">
          <Music2 aria-hidden="true" />
          <h2 id="about-catalogue">A catalogue to browse and hear</h2>
          <p>
            Songs and sound effects by genre, mood, sfx category, reels &amp; shorts and curated playlists, each
            playable in a waveform player that keeps going while you move around the store.
          </p>
        </section>
        <section className={styles.card} aria-labelledby="about-search">
          <Search aria-hidden="true" />
          <h2 id="about-search">Search that understands you</h2>
          <p>
            Type words or describe the scene in plain English or Polish; AI search turns your prompt into filters,
            matches the rest by meaning and says why each track fits. Or start from a video, or a link to a track you
            like.
          </p>
        </section>
        <section className={styles.card} aria-labelledby="about-licence">
          <ShieldCheck aria-hidden="true" />
          <h2 id="about-licence">A licence you can prove</h2>
          <p>
            Register your channels (from {CHANNEL_LIMITS.start} on Start to {CHANNEL_LIMITS.enterprise} on Enterprise)
            and get a certificate with a code. When a platform claims your video, the verify page shows it is covered.
          </p>
        </section>
        <section className={styles.card} aria-labelledby="about-fair">
          <BadgeCheck aria-hidden="true" />
          <h2 id="about-fair">Plain terms</h2>
          <p>
            Prices before tax on the pricing page, tax shown before you pay, renewal you can turn off in one click, and
            videos published while you were subscribed stay licensed for good.
          </p>
        </section>
      </div>

      <div className={styles.prose}>
        <h2>How it works</h2>
        <ul>
          <li>Start a free {TRIAL_DAYS}-day trial: confirm your email and phone, no card needed.</li>
          <li>Pick a plan that fits your channels and what you publish, monthly or yearly.</li>
          <li>Download tracks as MP3 or WAV, with stems where a track has them, and add them to your videos.</li>
          <li>Keep your licence certificate: it lists your channels and the period it covers.</li>
        </ul>
        <p>
          See <Link to={localized('/licenses')}>licences and pricing</Link>, read the <Link to="/faq/rights">FAQ</Link>{' '}
          or <Link to="/contact">get in touch</Link>.
        </p>
      </div>
    </div>
  );
}
