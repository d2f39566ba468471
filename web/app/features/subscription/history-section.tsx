import type { SubscriptionDetail } from '@cuewave/contract/subscription';
import { useTranslation } from 'react-i18next';
import { cx } from '../../components/ui/cx';
import { useFormat } from '../../i18n/format';
import { AccountSection } from '../account/account-section';
import { planTitle, statusLabel, STATUS_TONES } from './status';
import styles from './subscription.module.css';

/** Every subscription of the account, newest first (GET /v1/subscription/list/my). */
export function HistorySection({ history }: { history: SubscriptionDetail[] }) {
  const { t } = useTranslation('subscription');
  const { date } = useFormat();
  if (history.length < 2) return null;
  return (
    <AccountSection title={t('history.title')} testId="history">
      <ul role="list" className={styles.history}>
        {history.map((s) => (
          <li key={s.id} className={styles.historyItem}>
            <span>
              <strong>{planTitle(s.planType, t)}</strong>
              {s.period ? ` · ${t(`period.${s.period}`)}` : ''}
            </span>
            <span className={styles.small}>
              {date(s.startedTS)} – {s.endedTS ? date(s.endedTS) : s.nextPayTS ? date(s.nextPayTS) : t('history.now')}
            </span>
            <span className={cx(styles.badge, styles[STATUS_TONES[s.status]])}>{statusLabel(s.status, t)}</span>
          </li>
        ))}
      </ul>
    </AccountSection>
  );
}
