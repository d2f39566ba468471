import { memo, useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PrefetchLink } from '../../../components/ui/prefetch-link';
import { AudioWaveform, Pause, Play } from 'lucide-react';
import type { Product } from '@cuewave/contract/catalog';
import { Tag } from '../../../components/ui/chip';
import { cx } from '../../../components/ui/cx';
import { formatDuration } from '../../../lib/format';
import { TrackDownloadButton } from '../../downloads/components/track-download-button';
import { TrackActions } from '../../playlists/track-actions';
import { MoreLikeThis } from '../../similar/more-like-this';
import { usePlayer } from '../../player/player-context';
import { previewFile } from '../../player/preview';
import { catalogPaths, useLocalize } from '../paths';
import { Cover } from './cover';
import { RowWaveform } from './row-waveform';
import styles from './track-row.module.css';

export type TrackRowProps = {
  product: Product;
  /** The list this row belongs to: playing it queues the whole list (next/previous follow it). */
  queue: Product[];
  index: number;
  /** Position number shown before the cover (top music). */
  rank?: number;
  /** Load the cover eagerly (first rows above the fold). */
  priority?: boolean;
  /** A short line under the artist, e.g. why a search result matched. */
  detail?: ReactNode;
};

/** Links for the row's quiet chips: the first genre and mood of a song, the first category of an sfx. */
function rowTags(product: Product) {
  if (product.type === 'sfx') {
    return product.categories
      .slice(0, 2)
      .map((c) => ({ key: `c-${c.id}`, name: c.name, to: catalogPaths.sfxCategory(c.id) }));
  }
  const genre = product.genres[0];
  const mood = product.moods[0];
  return [
    ...(genre ? [{ key: `g-${genre.id}`, name: genre.name, to: catalogPaths.genre(genre.id) }] : []),
    ...(mood ? [{ key: `m-${mood.id}`, name: mood.name, to: catalogPaths.mood(mood.id) }] : []),
  ];
}

/**
 * One track in a list: cover with a play/pause button, title (to the song page), artist, compact
 * waveform with the played part highlighted, duration, BPM and genre/mood chips. On mobile only the
 * cover, title, artist and duration remain.
 */
export const TrackRow = memo(function TrackRow({ product, queue, index, rank, priority, detail }: TrackRowProps) {
  const player = usePlayer();
  const localize = useLocalize();
  const { t } = useTranslation('catalog');
  const current = player.isCurrent(product.id);
  const playing = player.isPlaying(product.id);
  const { play, toggle } = player;

  const onPlayPause = useCallback(() => {
    if (playing) toggle();
    else play(queue, index);
  }, [playing, toggle, play, queue, index]);
  const onWaveformPlay = useCallback(() => {
    if (!current) play(queue, index);
  }, [current, play, queue, index]);

  const peaks = previewFile(product)?.waveform ?? [];
  const tags = rowTags(product);
  const songLink = product.type === 'music' ? localize(catalogPaths.song(product.id)) : null;

  return (
    <li
      className={cx(
        styles.row,
        current && styles.current,
        playing && styles.playing,
        rank !== undefined && styles.ranked,
      )}
      data-testid="track-row"
      data-product-id={product.id}
      data-current={current || undefined}
      data-playing={playing || undefined}
    >
      {rank !== undefined ? (
        <span className={styles.rank} data-testid="track-rank">
          <span className="visually-hidden">{t('track.rank')} </span>
          {rank}
        </span>
      ) : null}

      <div className={styles.art}>
        <Cover
          fileId={product.cover}
          seed={product.id}
          radius="sm"
          priority={priority}
          className={styles.cover}
          fallbackIcon={product.type === 'sfx' ? <AudioWaveform /> : undefined}
        />
        <button
          type="button"
          className={styles.play}
          onClick={onPlayPause}
          aria-label={t(playing ? 'track.pause' : 'track.play', { title: product.title })}
          data-testid="track-play"
        >
          {playing ? (
            <>
              <span className={styles.eq} aria-hidden="true">
                <i />
                <i />
                <i />
              </span>
              <Pause className={styles.pauseIcon} aria-hidden="true" />
            </>
          ) : (
            <Play aria-hidden="true" />
          )}
        </button>
      </div>

      <div className={styles.info}>
        {songLink ? (
          <PrefetchLink to={songLink} className={styles.title} data-testid="track-title">
            {product.title}
          </PrefetchLink>
        ) : (
          <span className={styles.title} data-testid="track-title">
            {product.title}
          </span>
        )}
        <span className={styles.artist}>{product.artist.name}</span>
        {detail ? <div className={styles.detail}>{detail}</div> : null}
      </div>

      <RowWaveform peaks={peaks} current={current} onPlay={onWaveformPlay} className={styles.wave} />

      <span className={styles.duration} data-testid="track-duration">
        <span className="visually-hidden">{t('track.duration')} </span>
        {formatDuration(product.duration)}
      </span>

      <span className={styles.bpm} data-testid="track-bpm">
        {product.bpm ? (
          <>
            {Math.round(product.bpm)}
            <span className={styles.unit}> {t('track.bpm')}</span>
          </>
        ) : (
          <>
            <span className={styles.unit} aria-hidden="true">
              —
            </span>
            <span className="visually-hidden">{t('track.noBpm')}</span>
          </>
        )}
      </span>

      <div className={styles.tags}>
        {tags.map((tag) => (
          <Tag key={tag.key} to={localize(tag.to)} className={styles.tag}>
            {tag.name}
          </Tag>
        ))}
      </div>

      <div className={styles.actions}>
        <MoreLikeThis product={product} />
        <TrackActions productId={product.id} title={product.title} />
        <TrackDownloadButton product={product} />
      </div>
    </li>
  );
});
