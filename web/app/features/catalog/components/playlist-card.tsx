import { PrefetchLink } from '../../../components/ui/prefetch-link';
import { ListMusic } from 'lucide-react';
import type { PlaylistSummary } from '@cuewave/contract/catalog';
import { cx } from '../../../components/ui/cx';
import { Cover } from './cover';
import styles from './playlist-card.module.css';

export function playlistMeta(trackCount: number, seconds: number): string {
  const tracks = `${trackCount} ${trackCount === 1 ? 'track' : 'tracks'}`;
  if (!seconds) return tracks;
  const minutes = Math.max(1, Math.round(seconds / 60));
  const length = minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;
  return `${tracks} · ${length}`;
}

export type PlaylistCardProps = {
  playlist: Pick<PlaylistSummary, 'id' | 'name' | 'description' | 'fileID' | 'trackCount' | 'duration'>;
  to: string;
  priority?: boolean;
  className?: string;
};

export function PlaylistCard({ playlist, to, priority, className }: PlaylistCardProps) {
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
