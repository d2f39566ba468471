import { Trans, useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { PrefetchLink } from '../../../components/ui/prefetch-link';
import { ArrowRight, Pause, Play, Sparkles } from 'lucide-react';
import type { Me } from '@cuewave/contract/account';
import type { Product } from '@cuewave/contract/catalog';
import { ButtonLink } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { formatDuration } from '../../../lib/format';
import { useFormat } from '../../../i18n/format';
import { usePlayer } from '../../player/player-context';
import { previewFile } from '../../player/preview';
import { useLocalizedPath } from '../../shell/edition';
import { useViewer } from '../../auth/use-viewer';
import { SUBSCRIPTION_PATH, TRIAL_PATH } from '../../shell/nav-links';
import { catalogPaths, useLocalize } from '../paths';
import { Cover } from './cover';
import { LISTING_WAVEFORM_BARS, resamplePeaks } from '@cuewave/contract/waveform';
import styles from './home-hero.module.css';

export type HomeHeroProps = {
  /** Real catalogue figures for the proof line; omitted ones are left out. */
  stats: { songs?: number; sfx?: number; genres?: number };
  /** The first few top tracks, shown in the "Trending now" card. */
  trending: Product[];
};

export function HomeHero({ stats, trending }: HomeHeroProps) {
  const localize = useLocalize();
  const localized = useLocalizedPath();
  const { t } = useTranslation('catalog');
  const { number } = useFormat();
  const proof = [
    stats.songs ? t('hero.songs', { count: stats.songs, n: number(stats.songs) }) : null,
    stats.sfx ? t('hero.sfx', { count: stats.sfx, n: number(stats.sfx) }) : null,
    stats.genres ? t('hero.genres', { count: stats.genres, n: number(stats.genres) }) : null,
  ].filter(Boolean);
  const peaks = trending[0] ? (previewFile(trending[0])?.waveform ?? []) : [];
  const cta = heroCta(useViewer(), t);

  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <div className={styles.glow} aria-hidden="true" />
      <HeroWave peaks={peaks} />
      <div className={cx('container', styles.inner)}>
        <div className={styles.copy}>
          <p className={styles.kicker}>
            <Sparkles aria-hidden="true" /> {t('hero.kicker')}
          </p>
          <h1 id="hero-title" className={styles.title}>
            <Trans t={t} i18nKey="hero.title" components={{ accent: <span className={styles.gradient} /> }} />
          </h1>
          <p className={styles.lead}>{t('hero.lead')}</p>
          <div className={styles.ctas}>
            <ButtonLink to={localized(cta.url)} size="lg" iconRight={<ArrowRight />} data-testid="hero-trial">
              {cta.label}
            </ButtonLink>
            <ButtonLink to={localize(catalogPaths.genres())} size="lg" variant="secondary" data-testid="hero-browse">
              {t('hero.browse')}
            </ButtonLink>
          </div>
          {proof.length ? (
            <ul role="list" className={styles.proof} aria-label={t('hero.proofLabel')}>
              {proof.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          ) : null}
        </div>
        {trending.length ? <TrendingCard tracks={trending} /> : null}
      </div>
    </section>
  );
}

/**
 * The main call to action: visitors start the trial; a signed-in user on the trial (or without a plan)
 * compares plans; a paying subscriber goes to their subscription.
 */
function heroCta(me: Me | null, t: TFunction<'catalog'>): { label: string; url: string } {
  if (!me) return { label: t('hero.startTrial'), url: TRIAL_PATH };
  const plan = me.subscription?.planType;
  if (!plan || plan === 'trial') return { label: t('hero.choosePlan'), url: '/licenses' };
  return { label: t('hero.yourSubscription'), url: SUBSCRIPTION_PATH };
}

function TrendingCard({ tracks }: { tracks: Product[] }) {
  const player = usePlayer();
  const localize = useLocalize();
  const { t } = useTranslation('catalog');
  return (
    <div className={styles.card} data-testid="hero-trending">
      <div className={styles.cardHead}>
        <span className={styles.live} aria-hidden="true" />
        <h2 className={styles.cardTitle}>{t('hero.trending')}</h2>
        <PrefetchLink to={localize(catalogPaths.topMusic())} className={styles.cardLink}>
          {t('hero.topMusic')} <ArrowRight aria-hidden="true" />
        </PrefetchLink>
      </div>
      <ol role="list" className={styles.cardList}>
        {tracks.map((track, i) => {
          const playing = player.isPlaying(track.id);
          return (
            <li key={track.id} className={cx(styles.cardRow, player.isCurrent(track.id) && styles.cardRowCurrent)}>
              <span className={styles.cardRank} aria-hidden="true">
                {i + 1}
              </span>
              <span className={styles.cardArt}>
                <Cover fileId={track.cover} seed={track.id} radius="sm" priority />
                <button
                  type="button"
                  className={styles.cardPlay}
                  onClick={() => (playing ? player.toggle() : player.play(tracks, i))}
                  aria-label={t(playing ? 'track.pause' : 'track.play', { title: track.title })}
                >
                  {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
                </button>
              </span>
              <span className={styles.cardInfo}>
                <PrefetchLink to={localize(catalogPaths.song(track.id))} className={styles.cardTrack}>
                  {track.title}
                </PrefetchLink>
                <span className={styles.cardArtist}>
                  {track.artist.name}
                  {track.genres[0] ? ` · ${track.genres[0].name}` : ''}
                </span>
              </span>
              <span className={styles.cardTime}>{formatDuration(track.duration)}</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** A large decorative waveform along the bottom of the hero, drawn from the #1 track. */
function HeroWave({ peaks }: { peaks: readonly number[] }) {
  const bars = resamplePeaks(peaks.length ? peaks : DEFAULT_PEAKS, LISTING_WAVEFORM_BARS);
  return (
    <svg
      className={styles.wave}
      viewBox={`0 0 ${LISTING_WAVEFORM_BARS} 100`}
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id="hero-wave" x1="0" x2="1" y1="0" y2="0">
          <stop offset="0%" stopColor="#8b6cff" />
          <stop offset="50%" stopColor="#5c8dff" />
          <stop offset="100%" stopColor="#2fe0c6" />
        </linearGradient>
      </defs>
      <path
        fill="url(#hero-wave)"
        d={bars.map((v, i) => `M${i + 0.25} ${100 - Math.max(6, v)}h0.5v${Math.max(6, v)}h-0.5z`).join('')}
      />
    </svg>
  );
}

const DEFAULT_PEAKS = Array.from({ length: 120 }, (_, i) => 30 + 25 * Math.sin(i / 5) + 15 * Math.sin(i / 1.7));
