import { Heart, ListMusic } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { LOGIN_PATH, TRIAL_PATH } from './nav-links';
import styles from './favorites-modal.module.css';

/** What the visitor reached for: the favourites (header heart, tab, a track's heart) or a playlist. */
export type FavoritesModalReason = 'favorites' | 'playlist';

export type FavoritesModalProps = {
  open: boolean;
  onClose: () => void;
  reason?: FavoritesModalReason;
  /** Where "Log in" comes back to after signing in (a same-site path). */
  returnTo?: string;
  /** Runs when the visitor goes on to log in or start a trial (e.g. to remember the hearted track). */
  onContinue?: () => void;
};

/**
 * Shown to a signed-out visitor who reaches for favourites (header heart, catalogue tab, a track's
 * heart) or a playlist: they live in an account, so it offers sign-in or a free trial. Signing in
 * comes back to `returnTo`.
 */
export function FavoritesModal({ open, onClose, reason = 'favorites', returnTo, onContinue }: FavoritesModalProps) {
  const login = returnTo ? `${LOGIN_PATH}?returnUrl=${encodeURIComponent(returnTo)}` : LOGIN_PATH;
  const proceed = () => {
    onContinue?.();
    onClose();
  };
  const playlist = reason === 'playlist';
  return (
    <Modal
      open={open}
      onClose={onClose}
      size="sm"
      title={playlist ? 'Collect tracks in playlists' : 'Keep your favourites in one place'}
      data-testid="favorites-modal"
      footer={
        <>
          <ButtonLink to={login} variant="secondary" onClick={proceed} data-testid="favorites-modal-login">
            Log in
          </ButtonLink>
          <ButtonLink to={TRIAL_PATH} variant="primary" onClick={proceed}>
            Start free trial
          </ButtonLink>
        </>
      }
    >
      <div className={styles.body}>
        <div className={styles.badge} aria-hidden="true">
          {playlist ? <ListMusic /> : <Heart fill="currentColor" />}
        </div>
        {playlist ? (
          <p>
            Playlists are saved to your Cuewave account: group tracks per project, add private notes and share a public
            link with your team or client.
          </p>
        ) : (
          <p>
            Favourites are saved to your Cuewave account, so the tracks you love follow you to every device and every
            project.
          </p>
        )}
        <p className={styles.muted}>Log in, or start a free 30-day trial to begin collecting.</p>
      </div>
    </Modal>
  );
}
