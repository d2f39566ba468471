import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('shell');
  return (
    <Modal
      open={open}
      onClose={onClose}
      size="sm"
      title={playlist ? t('favouritesModal.titlePlaylist') : t('favouritesModal.titleFavourites')}
      data-testid="favorites-modal"
      footer={
        <>
          <ButtonLink to={login} variant="secondary" onClick={proceed} data-testid="favorites-modal-login">
            {t('logIn')}
          </ButtonLink>
          <ButtonLink to={TRIAL_PATH} variant="primary" onClick={proceed}>
            {t('startTrial')}
          </ButtonLink>
        </>
      }
    >
      <div className={styles.body}>
        <div className={styles.badge} aria-hidden="true">
          {playlist ? <ListMusic /> : <Heart fill="currentColor" />}
        </div>
        {playlist ? <p>{t('favouritesModal.bodyPlaylist')}</p> : <p>{t('favouritesModal.bodyFavourites')}</p>}
        <p className={styles.muted}>{t('favouritesModal.cta')}</p>
      </div>
    </Modal>
  );
}
