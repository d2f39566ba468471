import type { ReactNode } from 'react';
import {
  AtSign,
  CalendarX,
  Camera,
  Clapperboard,
  Clock,
  Gamepad2,
  Globe,
  Mic,
  RefreshCw,
  SearchX,
  ShieldCheck,
  TvMinimalPlay,
  Users,
  Video,
} from 'lucide-react';
import {
  CHANNEL_LABELS,
  LICENCE_PERPETUAL_TERM,
  LICENCE_TERMS,
  type ChannelType,
  type LicenceStatus,
  type LicenceVerification,
} from '@cuewave/contract/licence';
import { ButtonLink } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { EmptyState } from '../../components/ui/empty-state';
import { formatDate } from '../../lib/format';
import styles from './licence-verification.module.css';

/** What the verify page's loader found. */
export type VerificationResult =
  | { state: 'found'; licence: LicenceVerification }
  | { state: 'not-found'; code: string }
  | { state: 'rate-limited'; code: string; retryAfter: number | null };

// lucide has no brand logos; each platform gets the closest plain symbol, always beside its name.
const CHANNEL_ICONS: Record<ChannelType, ReactNode> = {
  youtube: <TvMinimalPlay />,
  tiktok: <Video />,
  instagram: <Camera />,
  facebook: <Users />,
  twitch: <Gamepad2 />,
  x: <AtSign />,
  vimeo: <Clapperboard />,
  podcast: <Mic />,
  website: <Globe />,
};

const STAMPS: Record<LicenceStatus, { stamp: string; icon: ReactNode }> = {
  valid: { stamp: 'Genuine', icon: <ShieldCheck /> },
  expired: { stamp: 'Expired', icon: <CalendarX /> },
  superseded: { stamp: 'Replaced', icon: <RefreshCw /> },
};

function statusText(licence: LicenceVerification): { title: string; body: string } {
  const until = licence.validUntil ? formatDate(licence.validUntil) : null;
  switch (licence.status) {
    case 'valid':
      return {
        title: 'Genuine Cuewave licence, valid today',
        body:
          'Cuewave issued this certificate and it is in force. The channels below are licensed to use music and ' +
          'sound effects from the Cuewave catalogue under the terms summarised on this page.',
      };
    case 'expired':
      return {
        title: until ? `Genuine Cuewave licence, expired on ${until}` : 'Genuine Cuewave licence, expired',
        body:
          'Cuewave issued this certificate, and it covered the channels below for the period shown. Content ' +
          'published on them during that period stays licensed.',
      };
    case 'superseded':
      return {
        title: licence.supersededAt
          ? `Genuine Cuewave licence, replaced on ${formatDate(licence.supersededAt)}`
          : 'Genuine Cuewave licence, replaced',
        body:
          'Cuewave issued this certificate, then replaced it with a newer one after a change of plan or channels. ' +
          'It covered the channels below until it was replaced; ask the licensee for their current certificate.',
      };
  }
}

export function LicenceVerificationView({ result }: { result: VerificationResult }) {
  if (result.state === 'not-found') return <NotFound code={result.code} />;
  if (result.state === 'rate-limited') {
    return (
      <div className={styles.page}>
        <h1 className={styles.eyebrow}>Cuewave licence check</h1>
        <EmptyState
          role="alert"
          icon={<Clock />}
          title="Too many checks from your network"
          description={`Please try again in ${result.retryAfter ?? 60} seconds.`}
        />
      </div>
    );
  }
  return <Certificate licence={result.licence} />;
}

function NotFound({ code }: { code: string }) {
  const shown = code.length > 40 ? `${code.slice(0, 40)}…` : code;
  return (
    <div className={styles.page} data-testid="licence-not-found">
      <h1 className={styles.eyebrow}>Cuewave licence check</h1>
      <EmptyState
        headingLevel={2}
        icon={<SearchX />}
        title={
          <>
            <span className={styles.notFoundLead}>We can’t find a licence with code</span>{' '}
            <code className={styles.codeInline}>{shown}</code>
          </>
        }
        description={
          <>
            Check the code printed on the certificate: it looks like <span className={styles.nowrap}>CW-7K3F-9QXD</span>{' '}
            and never uses the letters O or I or the digits 0 or 1. Every certificate Cuewave issues can be checked on
            this page; one we can’t find was not issued by us.
          </>
        }
        actions={
          <ButtonLink to="/licenses" variant="secondary">
            About Cuewave licences
          </ButtonLink>
        }
      />
    </div>
  );
}

function Certificate({ licence }: { licence: LicenceVerification }) {
  const { stamp, icon } = STAMPS[licence.status];
  const text = statusText(licence);
  return (
    <div className={styles.page}>
      <p className={styles.eyebrow}>Cuewave licence check</p>
      <article
        className={cx(styles.certificate, styles[licence.status])}
        aria-labelledby="licence-status"
        data-testid="licence-certificate"
        data-status={licence.status}
      >
        <header className={styles.banner}>
          <div className={styles.stampIcon} aria-hidden="true">
            {icon}
          </div>
          <div className={styles.bannerText}>
            <p className={styles.stamp} data-testid="licence-stamp">
              {stamp}
            </p>
            <h1 id="licence-status" className={styles.title}>
              {text.title}
            </h1>
            <p className={styles.explain}>{text.body}</p>
          </div>
        </header>

        <dl className={styles.facts}>
          {licence.track ? (
            // A per-track certificate (a download, decision 055) names the track it licenses.
            <Fact
              label="Licensed track"
              value={`“${licence.track.title}” by ${licence.track.artist}, downloaded ${formatDate(licence.track.downloadedAt)}`}
              wide
              testId="licence-track"
            />
          ) : null}
          <Fact label="Licensee" value={licence.licensee} wide testId="licence-licensee" />
          <Fact label="Plan" value={licence.planTitle} />
          <Fact label="Valid from" value={formatDate(licence.validFrom)} />
          <Fact
            label={licence.status === 'valid' ? 'Valid until' : 'Covered until'}
            value={licence.validUntil ? formatDate(licence.validUntil) : 'Open-ended'}
          />
          <Fact label="Licence code" value={<code className={styles.code}>{licence.code}</code>} />
          <Fact label="Issued" value={formatDate(licence.issuedAt)} />
        </dl>

        <section className={styles.section} aria-labelledby="covered-channels">
          <h2 id="covered-channels" className={styles.sectionTitle}>
            Covered channels
          </h2>
          {licence.channels.length === 0 ? (
            <p className={styles.muted}>This certificate lists no channels.</p>
          ) : (
            <ul className={styles.channels} data-testid="licence-channels">
              {licence.channels.map((channel) => (
                <li key={`${channel.type} ${channel.url}`} className={styles.channel}>
                  <span className={styles.channelIcon} aria-hidden="true">
                    {CHANNEL_ICONS[channel.type]}
                  </span>
                  <span className={styles.channelType}>{CHANNEL_LABELS[channel.type]}</span>
                  {channel.url.startsWith('https://') ? (
                    <a
                      className={styles.channelUrl}
                      href={channel.url}
                      rel="nofollow noopener noreferrer"
                      target="_blank"
                    >
                      {channel.url}
                    </a>
                  ) : (
                    <span className={styles.channelUrl}>{channel.url}</span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>

        <section className={styles.section} aria-labelledby="licence-terms">
          <h2 id="licence-terms" className={styles.sectionTitle}>
            What this licence covers
          </h2>
          <ul className={styles.terms}>
            {LICENCE_TERMS[licence.plan].map((term) => (
              <li key={term}>{term}</li>
            ))}
          </ul>
          <p className={styles.muted}>{LICENCE_PERPETUAL_TERM}</p>
        </section>
      </article>
      <p className={styles.footnote}>
        This page shows Cuewave’s own record of the certificate, so it is the one to trust if a printed copy differs.
        Questions about a licence? <a href="/contact">Contact us</a>.
      </p>
    </div>
  );
}

function Fact({ label, value, wide, testId }: { label: string; value: ReactNode; wide?: boolean; testId?: string }) {
  return (
    <div className={cx(styles.fact, wide && styles.factWide)}>
      <dt className={styles.factLabel}>{label}</dt>
      <dd className={styles.factValue} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
