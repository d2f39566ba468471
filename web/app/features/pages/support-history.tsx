import { useTranslation } from 'react-i18next';
import { Inbox } from 'lucide-react';
import type { SupportRequest } from '@cuewave/contract/contact';
import { EmptyState } from '../../components/ui/empty-state';
import { useFormat } from '../../i18n/format';
import styles from './support.module.css';

/** The signed-in user's own support requests, newest first; messages render as text (React escapes them). */
export function SupportHistory({ requests }: { requests: SupportRequest[] | null }) {
  const { t } = useTranslation('pages');
  const format = useFormat();
  if (!requests) {
    return (
      <EmptyState
        compact
        role="alert"
        headingLevel={3}
        title={t('support.history.failedTitle')}
        description={t('support.history.failedText')}
      />
    );
  }
  if (requests.length === 0) {
    return (
      <EmptyState
        compact
        headingLevel={3}
        icon={<Inbox />}
        title={t('support.history.emptyTitle')}
        description={t('support.history.emptyText')}
      />
    );
  }
  return (
    <ol className={styles.history} data-testid="support-history">
      {requests.map((request) => (
        <li key={request.id} className={styles.request} data-testid="support-request">
          <div className={styles.requestHead}>
            <span className={styles.requestTopic}>{t(`topics.${request.topic}`)}</span>
            <time dateTime={request.createdAt}>
              {t('support.history.sent', { date: format.date(request.createdAt) })}
            </time>
          </div>
          <p className={styles.requestMessage}>{request.message}</p>
        </li>
      ))}
    </ol>
  );
}
