import { useState } from 'react';
import { Star } from 'lucide-react';
import type { Account, Me } from '@cuewave/contract/account';
import { cx } from '../../components/ui/cx';
import { useToast } from '../../components/ui/toast';
import { useRefreshViewer } from '../auth/use-viewer';
import { apiSend } from '../../lib/api';
import { AccountSection } from './account-section';
import styles from './account.module.css';

/** Spec §8 user messages. */
export const RATING_THANKS = 'Thank you for rating us. We\u2019ll do our best.';
export const RATING_FAILED = 'Failed to send rating.';

/** Rate the store 1–5 (POST /v1/account/rate); picking a star sends it. */
export function RatingSettings({ me }: { me: Me }) {
  const toast = useToast();
  const refreshViewer = useRefreshViewer();
  const [pending, setPending] = useState<number | null>(null);
  const shown = pending ?? me.account.rating ?? 0;

  async function rate(value: number) {
    setPending(value);
    try {
      await apiSend<Account>('POST', '/v1/account/rate', { json: { value } });
      await refreshViewer();
      toast.success(RATING_THANKS);
    } catch {
      toast.error(RATING_FAILED);
    } finally {
      setPending(null);
    }
  }

  return (
    <AccountSection
      title="Rate Cuewave"
      description="How are we doing? Your rating helps us decide what to improve next."
      testId="account-rating"
    >
      {/* Buttons rather than radios: arrow keys in a radio group would send a rating on every step. */}
      <div className={styles.stars} role="group" aria-label="Your rating" aria-busy={pending !== null || undefined}>
        {[1, 2, 3, 4, 5].map((value) => (
          <button
            key={value}
            type="button"
            className={cx(styles.star, value <= shown && styles.starOn)}
            aria-pressed={me.account.rating === value}
            disabled={pending !== null}
            onClick={() => void rate(value)}
            data-testid={`rate-${value}`}
          >
            <Star aria-hidden="true" />
            <span className="visually-hidden">
              {value} star{value === 1 ? '' : 's'}
            </span>
          </button>
        ))}
      </div>
      {me.account.rating ? (
        <p className={styles.muted} data-testid="current-rating">
          You rated us {me.account.rating} out of 5. Pick again to change it.
        </p>
      ) : null}
    </AccountSection>
  );
}
