import { cx } from '../../components/ui/cx';
import { AddToPlaylistButton } from './add-to-playlist';
import { FavoriteButton } from './favorite-button';
import styles from './track-actions.module.css';

/** The heart and "add to playlist" side by side: the playlists cluster of a track row or song page. */
export function TrackActions({
  productId,
  title,
  size = 'sm',
  className,
}: {
  productId: string;
  title: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}) {
  return (
    <div className={cx(styles.cluster, className)} data-testid="track-actions">
      <FavoriteButton productId={productId} title={title} size={size} />
      <AddToPlaylistButton productId={productId} title={title} size={size} />
    </div>
  );
}
