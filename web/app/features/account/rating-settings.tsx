import { useState } from 'react';
import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Account, Me } from '@cuewave/contract/account';
import { cx } from '../../components/ui/cx';
import { useToast } from '../../components/ui/toast';
import { useRefreshViewer } from '../auth/use-viewer';
import { apiSend } from '../../lib/api';
import { AccountSection } from './account-section';
import styles from './account.module.css';

/** Rate the store 1–5 (POST /v1/account/rate); picking a star sends it. */
export function RatingSettings({ me }: { me: Me }) {
  const toast = useToast();
  const { t } = useTranslation('account');
  const refreshViewer = useRefreshViewer();
  const [pending, setPending] = useState<number | null>(null);
  const shown = pending ?? me.account.rating ?? 0;

  async function rate(value: number) {
    setPending(value);
    try {
      await apiSend<Account>('POST', '/v1/account/rate', { json: { value } });
      await refreshViewer();
      toast.success(t('rating.thanks'));
    } catch {
      toast.error(t('rating.failed'));
    } finally {
      setPending(null);
    }
  }

  return (
    <AccountSection title={t('rating.title')} description={t('rating.description')} testId="account-rating">
      {/* Buttons rather than radios: arrow keys in a radio group would send a rating on every step. */}
      <div
        className={styles.stars}
        role="group"
        aria-label={t('rating.group')}
        aria-busy={pending !== null || undefined}
      >
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
            <span className="visually-hidden">{t('rating.stars', { count: value })}</span>
          </button>
        ))}
      </div>
      {me.account.rating ? (
        <p className={styles.muted} data-testid="current-rating">
          {t('rating.current', { rating: me.account.rating })}
        </p>
      ) : null}
    </AccountSection>
  );
}
