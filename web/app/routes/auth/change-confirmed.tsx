import { CheckCircle2 } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button';
import styles from '../../features/auth/auth-forms.module.css';

export const meta = () => [{ title: 'Password changed · Cuewave' }];

/** After a password change through the emailed link. */
export default function ChangeConfirmed() {
  return (
    <div className={styles.root}>
      <div className={`${styles.badge} ${styles.badgeSuccess}`} aria-hidden="true">
        <CheckCircle2 />
      </div>
      <h1 className={styles.title}>Your password has been changed</h1>
      <p className={styles.subtitle} data-testid="change-confirmed-text">
        For your security, every other device that was signed in to your account has been signed out. Log in with your
        new password to continue.
      </p>
      <div className={styles.actions}>
        <ButtonLink to="/auth/login" size="lg" fullWidth data-testid="change-confirmed-login">
          Log in
        </ButtonLink>
      </div>
    </div>
  );
}
