import { Inbox } from 'lucide-react';
import { CONTACT_TOPIC_LABELS } from '@cuewave/contract/contact-topics';
import type { SupportRequest } from '@cuewave/contract/contact';
import { EmptyState } from '../../components/ui/empty-state';
import { formatDate } from '../../lib/format';
import styles from './support.module.css';

/** The signed-in user's own support requests, newest first; messages render as text (React escapes them). */
export function SupportHistory({ requests }: { requests: SupportRequest[] | null }) {
  if (!requests) {
    return (
      <EmptyState
        compact
        role="alert"
        headingLevel={3}
        title="We couldn’t load your requests"
        description="Please reload the page in a moment."
      />
    );
  }
  if (requests.length === 0) {
    return (
      <EmptyState
        compact
        headingLevel={3}
        icon={<Inbox />}
        title="No requests yet"
        description="Requests you send from this page are listed here."
      />
    );
  }
  return (
    <ol className={styles.history} data-testid="support-history">
      {requests.map((request) => (
        <li key={request.id} className={styles.request} data-testid="support-request">
          <div className={styles.requestHead}>
            <span className={styles.requestTopic}>{CONTACT_TOPIC_LABELS[request.topic]}</span>
            <time dateTime={request.createdAt}>Sent {formatDate(request.createdAt)}</time>
          </div>
          <p className={styles.requestMessage}>{request.message}</p>
        </li>
      ))}
    </ol>
  );
}
