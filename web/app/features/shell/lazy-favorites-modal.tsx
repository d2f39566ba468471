import { lazyDialog } from '../../components/ui/lazy-part';
import type { FavoritesModalProps } from './favorites-modal';

const FavoritesModal = lazyDialog(() => import('./favorites-modal').then((m) => m.FavoritesModal));

/**
 * The favourites sign-in modal with its code loaded on the first open (issue 15): the header, the
 * catalogue tabs and the playlists provider all hold one, and a visitor rarely opens it. Closed, it
 * renders nothing, as the modal itself does.
 */
export function LazyFavoritesModal(props: FavoritesModalProps) {
  return props.open ? <FavoritesModal {...props} /> : null;
}

/** Starts loading the modal's code, e.g. when the pointer reaches a button that opens it. */
export const preloadFavoritesModal = FavoritesModal.preload;
