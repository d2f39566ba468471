import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Music2, Pause, Play, SkipBack, SkipForward, Volume1, Volume2, VolumeX, X, AlertCircle } from 'lucide-react';
import type { Product } from '@cuewave/contract/catalog';
import { LISTING_WAVEFORM_BARS, resamplePeaks } from '@cuewave/contract/waveform';
import { IconButton } from '../../components/ui/button';
import { Slider } from '../../components/ui/slider';
import { Spinner } from '../../components/ui/spinner';
import { cx } from '../../components/ui/cx';
import { mediaUrl } from '../../lib/api';
import { formatDuration } from '../../lib/format';
import { useLocalize } from '../catalog/paths';
import { FavoriteButton } from '../playlists/favorite-button';
import { usePlayer, usePlayerTime } from './player-context';
import { formatClock, previewFile } from './preview';
import { trackPagePath } from './track-link';
import { Waveform } from './waveform';
import { MoreLikeThis } from '../similar/more-like-this';
import styles from './player-bar.module.css';

/** What the player bar shows of a track: cover and title, transport, waveform, volume and close (player-bar.tsx). */
export function PlayerBarTrack({ product }: { product: Product }) {
  const player = usePlayer();
  const time = usePlayerTime();
  const { state } = player;
  const localize = useLocalize();
  const { t } = useTranslation('player');

  const file = previewFile(product);
  // Listings carry LISTING_WAVEFORM_BARS peaks, the song page 160: the bar draws the same either way.
  const waveform = file?.waveform;
  const peaks = useMemo(() => resamplePeaks(waveform ?? [], LISTING_WAVEFORM_BARS), [waveform]);
  const volumeIcon = player.muted || state.volume === 0 ? <VolumeX /> : state.volume < 50 ? <Volume1 /> : <Volume2 />;

  return (
    <div className={styles.inner}>
      <div className={styles.track}>
        <div className={styles.cover}>
          {product.cover ? (
            <img src={mediaUrl(product.cover)} alt="" width={52} height={52} loading="lazy" />
          ) : (
            <Music2 aria-hidden="true" />
          )}
        </div>
        <div className={styles.meta}>
          <Link to={localize(trackPagePath(product))} className={styles.title} data-testid="player-title">
            {product.title}
          </Link>
          <span className={styles.artist} data-testid="player-artist">
            {product.artist.name}
          </span>
        </div>
        <FavoriteButton productId={product.id} title={product.title} size="sm" />
        <MoreLikeThis product={product} className={styles.moreLike} />
      </div>

      <div className={styles.transport}>
        <IconButton
          aria-label={t('previous')}
          icon={<SkipBack fill="currentColor" />}
          onClick={player.previous}
          disabled={!player.hasPrevious}
          className={styles.skip}
          data-testid="player-previous"
        />
        <button
          type="button"
          className={styles.toggle}
          onClick={player.toggle}
          aria-label={state.playing ? t('pause') : t('play')}
          data-testid="player-toggle"
          data-state={state.playing ? 'playing' : 'paused'}
        >
          {time.buffering && state.playing ? (
            <Spinner size="sm" label={null} />
          ) : state.playing ? (
            <Pause fill="currentColor" aria-hidden="true" />
          ) : (
            <Play fill="currentColor" aria-hidden="true" className={styles.playIcon} />
          )}
        </button>
        <IconButton
          aria-label={t('next')}
          icon={<SkipForward fill="currentColor" />}
          onClick={player.next}
          disabled={!player.hasNext}
          className={styles.skip}
          data-testid="player-next"
        />
      </div>

      <div className={styles.progress}>
        <span className={styles.time} data-testid="player-time">
          {formatClock(time.position)}
        </span>
        {time.error ? (
          <p className={styles.error} role="alert" data-testid="player-error">
            <AlertCircle aria-hidden="true" />
            {t(`error.${time.error}`)}
          </p>
        ) : (
          <Waveform
            peaks={peaks}
            position={time.position}
            duration={time.duration}
            onSeek={time.seek}
            label={t('seek', { title: product.title })}
          />
        )}
        <span className={cx(styles.time, styles.duration)} data-testid="player-duration">
          {/* The catalogue's length by the lists' rule: the decoded file may differ by encoder padding. */}
          {formatDuration(product.duration)}
        </span>
      </div>

      <div className={styles.volume}>
        <IconButton
          aria-label={player.muted ? t('unmute') : t('mute')}
          aria-pressed={player.muted}
          icon={volumeIcon}
          onClick={player.toggleMute}
          size="sm"
          data-testid="player-mute"
        />
        <Slider
          className={styles.volumeSlider}
          label={t('volume')}
          hideLabel
          value={player.muted ? 0 : state.volume}
          onValueChange={player.setVolume}
          formatValue={(v) => `${v}%`}
          data-testid="player-volume"
        />
      </div>

      <IconButton
        aria-label={t('close')}
        icon={<X />}
        onClick={player.close}
        size="sm"
        className={styles.close}
        data-testid="player-close"
      />
    </div>
  );
}
