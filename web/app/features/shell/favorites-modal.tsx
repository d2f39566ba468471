import { Heart } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { LOGIN_PATH, TRIAL_PATH } from './nav-links';
import styles from './favorites-modal.module.css';

/**
 * Shown to a signed-out visitor who reaches for favourites (header heart, catalogue tab):
 * favourites live in an account, so it offers sign-in or a free trial.
 */
export function FavoritesModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      size="sm"
      title="Keep your favourites in one place"
      data-testid="favorites-modal"
      footer={
        <>
          <ButtonLink to={LOGIN_PATH} variant="secondary" onClick={onClose}>
            Log in
          </ButtonLink>
          <ButtonLink to={TRIAL_PATH} variant="primary" onClick={onClose}>
            Start free trial
          </ButtonLink>
        </>
      }
    >
      <div className={styles.body}>
        <div className={styles.badge} aria-hidden="true">
          <Heart fill="currentColor" />
        </div>
        <p>
          Favourites are saved to your Cuewave account, so the tracks you love follow you to every device and every
          project.
        </p>
        <p className={styles.muted}>Log in, or start a free 30-day trial to begin collecting.</p>
      </div>
    </Modal>
  );
}
