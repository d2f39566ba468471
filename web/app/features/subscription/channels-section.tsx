import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { CHANNEL_LABELS, type Channel } from '@cuewave/contract/licence';
import type { PendingChange } from '@cuewave/contract/subscription';
import { Button, ButtonLink } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { Modal } from '../../components/ui/modal';
import { formatDate } from '../../lib/format';
import { AccountSection } from '../account/account-section';
import { useLocalizedPath } from '../shell/edition';
import { channelUsage } from './actions';
import { AddChannelForm } from './add-channel-form';
import * as api from './api';
import { useSubscriptionCall } from './use-refresh';
import styles from './subscription.module.css';

/** The channels the licence covers (spec §6 limits): list, add within the limit, remove. */
export function ChannelsSection({
  channels,
  limit,
  canAdd,
  failed,
  pendingChange,
}: {
  channels: Channel[];
  limit: number;
  /** False when the plan can't take channels now (pending payment). */
  canAdd: boolean;
  failed: boolean;
  /** A planned downgrade: the channels it doesn't keep are marked. */
  pendingChange?: PendingChange | null;
}) {
  const [removing, setRemoving] = useState<Channel | null>(null);
  const { busy, run } = useSubscriptionCall();
  const localized = useLocalizedPath();
  const full = channels.length >= limit;
  const removedOn =
    pendingChange?.type === 'downgrade'
      ? {
          date: formatDate(pendingChange.effectiveTS),
          kept: new Set(pendingChange.channels.map((c) => c.url.toLowerCase())),
        }
      : null;

  async function remove() {
    if (!removing) return;
    const done = await run(() => api.removeChannel(removing.id), {
      success: `${CHANNEL_LABELS[removing.type]} channel removed.`,
      failure: 'We couldn’t remove the channel. Please try again.',
    });
    if (done) setRemoving(null);
  }

  return (
    <AccountSection
      title="Channels"
      description="The channels your licence covers. Platforms check this list when they review a claim."
      testId="channels"
    >
      <p className={styles.usage} data-testid="channel-usage">
        {channelUsage(channels.length, limit)}
      </p>
      {failed ? (
        <p className={styles.error} role="alert">
          We couldn’t load your channels. Please reload the page.
        </p>
      ) : channels.length ? (
        <ul role="list" className={styles.channelList} data-testid="channel-list">
          {channels.map((channel) => (
            <li key={channel.id} className={styles.channel} data-testid="channel">
              <span className={styles.channelType}>{CHANNEL_LABELS[channel.type]}</span>
              <a className={styles.channelUrl} href={channel.url} target="_blank" rel="noopener noreferrer">
                {channel.url}
              </a>
              {removedOn && !removedOn.kept.has(channel.url.toLowerCase()) ? (
                <span className={cx(styles.badge, styles.warn, styles.leaving)} data-testid="channel-leaving">
                  Removed on {removedOn.date}
                </span>
              ) : null}
              <Button
                variant="ghost"
                size="sm"
                icon={<Trash2 />}
                onClick={() => setRemoving(channel)}
                aria-label={`Remove ${CHANNEL_LABELS[channel.type]} channel ${channel.url}`}
                data-testid="remove-channel"
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.small}>No channels yet. Add the channels where you publish videos with our music.</p>
      )}
      {!canAdd ? null : full ? (
        <p className={styles.small} data-testid="channel-limit-reached">
          You’ve used every channel your plan covers.{' '}
          <ButtonLink to={localized('/licenses')} variant="ghost" size="sm">
            Compare plans
          </ButtonLink>
        </p>
      ) : (
        <AddChannelForm />
      )}
      <Modal
        open={removing !== null}
        onClose={() => setRemoving(null)}
        size="sm"
        title="Remove this channel?"
        description={removing ? `${CHANNEL_LABELS[removing.type]}: ${removing.url}` : undefined}
        footer={
          <>
            <Button variant="secondary" onClick={() => setRemoving(null)}>
              Keep it
            </Button>
            <Button variant="danger" loading={busy} onClick={remove} data-testid="confirm-remove-channel">
              Remove channel
            </Button>
          </>
        }
      >
        <p className={styles.small}>
          Certificates that list it are replaced at once; download a new one. Videos already published stay licensed.
        </p>
      </Modal>
    </AccountSection>
  );
}
