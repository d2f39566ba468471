import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { PrefetchLink } from '../../../components/ui/prefetch-link';
import { useFormat } from '../../../i18n/format';
import { ListMusic } from 'lucide-react';
import type { PlaylistSummary } from '@cuewave/contract/catalog';
import { cx } from '../../../components/ui/cx';
import { Cover } from './cover';
import styles from './playlist-card.module.css';

/** "12 tracks · 1 h 5 min" in the page's language: a playlist's size and length. */
export function usePlaylistMeta(): (trackCount: number, seconds: number) => string {
  const { t } = useTranslation('catalog');
  const { number } = useFormat();
  return useCallback(
    (trackCount: number, seconds: number) => {
      const tracks = t('count.track', { count: trackCount, n: number(trackCount) });
      if (!seconds) return tracks;
      const minutes = Math.max(1, Math.round(seconds / 60));
      const length =
        minutes >= 60
          ? t('playlistCard.hoursMinutes', { hours: Math.floor(minutes / 60), minutes: minutes % 60 })
          : t('playlistCard.minutes', { minutes });
      return `${tracks} · ${length}`;
    },
    [t, number],
  );
}

export type PlaylistCardProps = {
  playlist: Pick<PlaylistSummary, 'id' | 'name' | 'description' | 'fileID' | 'trackCount' | 'duration'>;
  to: string;
  priority?: boolean;
  className?: string;
};

export function PlaylistCard({ playlist, to, priority, className }: PlaylistCardProps) {
  const playlistMeta = usePlaylistMeta();
  return (
    <article className={cx(styles.card, className)} data-testid="playlist-card">
      <PrefetchLink to={to} className={styles.link}>
        <span className={styles.art}>
          <Cover
            fileId={playlist.fileID}
            seed={playlist.id}
            radius="lg"
            priority={priority}
            className={styles.cover}
            fallbackIcon={<ListMusic />}
          />
        </span>
        <span className={styles.name}>{playlist.name}</span>
      </PrefetchLink>
      {playlist.description ? <p className={styles.description}>{playlist.description}</p> : null}
      <p className={styles.meta}>{playlistMeta(playlist.trackCount, playlist.duration)}</p>
    </article>
  );
}
