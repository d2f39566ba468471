import { useTranslation } from 'react-i18next';
import { Heart } from 'lucide-react';
import { cx } from '../../components/ui/cx';
import { usePlaylists } from './playlists-context';
import styles from './track-actions.module.css';

export type FavoriteButtonProps = {
  productId: string;
  /** The track's title, for the accessible name of the button in a list of many. */
  title?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
};

/**
 * The heart (spec §2): toggles the track in Favorites at once (optimistic; rolled back with a toast
 * when the API refuses). A visitor gets the sign-in modal; after signing in from it the track is
 * favourited.
 */
export function FavoriteButton({ productId, title, size = 'md', className }: FavoriteButtonProps) {
  const { t } = useTranslation('playlists');
  const playlists = usePlaylists();
  const on = playlists.signedIn && playlists.isFavorite(productId);
  const label = on ? t('favourite.remove') : t('favourite.add');
  return (
    <button
      type="button"
      className={cx(styles.heart, styles[size], on && styles.on, className)}
      aria-pressed={on}
      aria-label={label}
      aria-haspopup={playlists.signedIn ? undefined : 'dialog'}
      title={title ? t('favourite.titled', { label, title }) : label}
      onClick={() =>
        playlists.signedIn ? playlists.toggleFavorite(productId) : playlists.requireSignIn('favorites', productId)
      }
      data-testid="favorite-button"
      data-on={on || undefined}
    >
      <Heart aria-hidden="true" fill={on ? 'currentColor' : 'none'} />
    </button>
  );
}
