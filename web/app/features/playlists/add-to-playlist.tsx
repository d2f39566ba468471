import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPlus } from 'lucide-react';
import { cx } from '../../components/ui/cx';
import { lazyDialog } from '../../components/ui/lazy-part';
import { usePlaylists } from './playlists-context';
import styles from './track-actions.module.css';

// The dialog loads on the first open: every track row has this button, few rows are ever used.
const AddToPlaylistDialog = lazyDialog(() => import('./add-to-playlist-dialog').then((m) => m.AddToPlaylistDialog));

export type AddToPlaylistButtonProps = {
  productId: string;
  title: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
};

/**
 * "Add to playlist" (issue 12): a button opening a small dialog with the user's playlists and
 * "Create new playlist". A dialog rather than a floating menu, so it works the same in a crowded
 * track row, on the song page and as a bottom sheet on a phone. A visitor gets the sign-in modal.
 */
export function AddToPlaylistButton({ productId, title, size = 'md', className }: AddToPlaylistButtonProps) {
  const { t } = useTranslation('playlists');
  const playlists = usePlaylists();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={cx(styles.iconAction, styles[size], className)}
        aria-label={t('add.buttonLabel', { title })}
        title={t('add.title')}
        aria-haspopup="dialog"
        onClick={() => (playlists.signedIn ? setOpen(true) : playlists.requireSignIn('playlist'))}
        onPointerEnter={playlists.signedIn ? AddToPlaylistDialog.preload : undefined}
        onFocus={playlists.signedIn ? AddToPlaylistDialog.preload : undefined}
        data-testid="add-to-playlist"
      >
        <ListPlus aria-hidden="true" />
      </button>
      {open ? <AddToPlaylistDialog productId={productId} title={title} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
