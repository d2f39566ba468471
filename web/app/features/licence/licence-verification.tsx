import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { Trans, useTranslation } from 'react-i18next';
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
  type ChannelType,
  type LicenceStatus,
  type LicenceVerification,
} from '@cuewave/contract/licence';
import { ButtonLink } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { EmptyState } from '../../components/ui/empty-state';
import { useFormat, type Formatters } from '../../i18n/format';
import { licencePerpetualTerm, licenceTerms } from './licence-terms';
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

// The stamp's words are `stamp.<status>` texts.
const STAMP_ICONS: Record<LicenceStatus, ReactNode> = {
  valid: <ShieldCheck />,
  expired: <CalendarX />,
  superseded: <RefreshCw />,
};

function statusText(licence: LicenceVerification, t: TFunction<'licence'>, format: Formatters) {
  switch (licence.status) {
    case 'valid':
      return { title: t('status.valid.title'), body: t('status.valid.body') };
    case 'expired':
      return {
        title: licence.validUntil
          ? t('status.expired.titleOn', { date: format.date(licence.validUntil) })
          : t('status.expired.title'),
        body: t('status.expired.body'),
      };
    case 'superseded':
      return {
        title: licence.supersededAt
          ? t('status.superseded.titleOn', { date: format.date(licence.supersededAt) })
          : t('status.superseded.title'),
        body: t('status.superseded.body'),
      };
  }
}

export function LicenceVerificationView({ result }: { result: VerificationResult }) {
  const { t } = useTranslation('licence');
  if (result.state === 'not-found') return <NotFound code={result.code} />;
  if (result.state === 'rate-limited') {
    return (
      <div className={styles.page}>
        <h1 className={styles.eyebrow}>{t('eyebrow')}</h1>
        <EmptyState
          role="alert"
          icon={<Clock />}
          title={t('rateLimited.title')}
          description={t('rateLimited.description', { count: result.retryAfter ?? 60 })}
        />
      </div>
    );
  }
  return <Certificate licence={result.licence} />;
}

function NotFound({ code }: { code: string }) {
  const { t } = useTranslation('licence');
  const shown = code.length > 40 ? `${code.slice(0, 40)}…` : code;
  return (
    <div className={styles.page} data-testid="licence-not-found">
      <h1 className={styles.eyebrow}>{t('eyebrow')}</h1>
      <EmptyState
        headingLevel={2}
        icon={<SearchX />}
        title={
          <>
            <span className={styles.notFoundLead}>{t('notFound.lead')}</span>{' '}
            <code className={styles.codeInline}>{shown}</code>
          </>
        }
        description={
          <Trans
            t={t}
            i18nKey="notFound.description"
            values={{ example: 'CW-7K3F-9QXD' }}
            components={{ code: <span className={styles.nowrap} /> }}
          />
        }
        actions={
          <ButtonLink to="/licenses" variant="secondary">
            {t('notFound.about')}
          </ButtonLink>
        }
      />
    </div>
  );
}

function Certificate({ licence }: { licence: LicenceVerification }) {
  const { t } = useTranslation('licence');
  const format = useFormat();
  const icon = STAMP_ICONS[licence.status];
  const text = statusText(licence, t, format);
  return (
    <div className={styles.page}>
      <p className={styles.eyebrow}>{t('eyebrow')}</p>
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
              {t(`stamp.${licence.status}`)}
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
              label={t('facts.track')}
              value={t('facts.trackValue', {
                title: licence.track.title,
                artist: licence.track.artist,
                date: format.date(licence.track.downloadedAt),
              })}
              wide
              testId="licence-track"
            />
          ) : null}
          <Fact label={t('facts.licensee')} value={licence.licensee} wide testId="licence-licensee" />
          <Fact label={t('facts.plan')} value={licence.planTitle} />
          <Fact label={t('facts.validFrom')} value={format.date(licence.validFrom)} />
          <Fact
            label={licence.status === 'valid' ? t('facts.validUntil') : t('facts.coveredUntil')}
            value={licence.validUntil ? format.date(licence.validUntil) : t('facts.openEnded')}
          />
          <Fact label={t('facts.code')} value={<code className={styles.code}>{licence.code}</code>} />
          <Fact label={t('facts.issued')} value={format.date(licence.issuedAt)} />
        </dl>

        <section className={styles.section} aria-labelledby="covered-channels">
          <h2 id="covered-channels" className={styles.sectionTitle}>
            {t('channels.title')}
          </h2>
          {licence.channels.length === 0 ? (
            <p className={styles.muted}>{t('channels.none')}</p>
          ) : (
            <ul className={styles.channels} data-testid="licence-channels">
              {licence.channels.map((channel) => (
                <li key={`${channel.type} ${channel.url}`} className={styles.channel}>
                  <span className={styles.channelIcon} aria-hidden="true">
                    {CHANNEL_ICONS[channel.type]}
                  </span>
                  <span className={styles.channelType}>
                    {channel.type === 'website' || channel.type === 'podcast'
                      ? t(`channels.${channel.type}`)
                      : CHANNEL_LABELS[channel.type]}
                  </span>
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
            {t('covers')}
          </h2>
          <ul className={styles.terms}>
            {licenceTerms(t, licence.plan).map((term) => (
              <li key={term}>{term}</li>
            ))}
          </ul>
          <p className={styles.muted}>{licencePerpetualTerm(t)}</p>
        </section>
      </article>
      <p className={styles.footnote}>
        <Trans t={t} i18nKey="footnote" components={{ contact: <a href="/contact" /> }} />
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
