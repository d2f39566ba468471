import type { SubscriptionDetail } from '@cuewave/contract/subscription';
import { cx } from '../../components/ui/cx';
import { formatDate } from '../../lib/format';
import { AccountSection } from '../account/account-section';
import { planTitle } from '../registration/plans';
import { STATUS_LABELS, STATUS_TONES } from './status';
import styles from './subscription.module.css';

const PERIOD = { month: 'monthly', year: 'yearly' } as const;

/** Every subscription of the account, newest first (GET /v1/subscription/list/my). */
export function HistorySection({ history }: { history: SubscriptionDetail[] }) {
  if (history.length < 2) return null;
  return (
    <AccountSection title="Subscription history" testId="history">
      <ul role="list" className={styles.history}>
        {history.map((s) => (
          <li key={s.id} className={styles.historyItem}>
            <span>
              <strong>{planTitle(s.planType)}</strong>
              {s.period ? ` · ${PERIOD[s.period]}` : ''}
            </span>
            <span className={styles.small}>
              {formatDate(s.startedTS)} –{' '}
              {s.endedTS ? formatDate(s.endedTS) : s.nextPayTS ? formatDate(s.nextPayTS) : 'now'}
            </span>
            <span className={cx(styles.badge, styles[STATUS_TONES[s.status]])}>{STATUS_LABELS[s.status]}</span>
          </li>
        ))}
      </ul>
    </AccountSection>
  );
}
