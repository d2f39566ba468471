import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Channel } from '@cuewave/contract/licence';
import type { PendingChange } from '@cuewave/contract/subscription';
import { Button, ButtonLink } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { Modal } from '../../components/ui/modal';
import { useFormat } from '../../i18n/format';
import { AccountSection } from '../account/account-section';
import { useLocalizedPath } from '../shell/edition';
import { channelUsage } from './actions';
import { AddChannelForm } from './add-channel-form';
import * as api from './api';
import { channelLabel } from './status';
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
  const { t } = useTranslation('subscription');
  const format = useFormat();
  const full = channels.length >= limit;
  const removedOn =
    pendingChange?.type === 'downgrade'
      ? {
          date: format.date(pendingChange.effectiveTS),
          kept: new Set(pendingChange.channels.map((c) => c.url.toLowerCase())),
        }
      : null;

  async function remove() {
    if (!removing) return;
    const done = await run(() => api.removeChannel(removing.id), {
      success: t('channels.removed', { platform: channelLabel(removing.type, t) }),
      failure: t('channels.removeFailed'),
    });
    if (done) setRemoving(null);
  }

  return (
    <AccountSection title={t('channels.title')} description={t('channels.description')} testId="channels">
      <p className={styles.usage} data-testid="channel-usage">
        {channelUsage(channels.length, limit, t)}
      </p>
      {failed ? (
        <p className={styles.error} role="alert">
          {t('channels.loadFailed')}
        </p>
      ) : channels.length ? (
        <ul role="list" className={styles.channelList} data-testid="channel-list">
          {channels.map((channel) => (
            <li key={channel.id} className={styles.channel} data-testid="channel">
              <span className={styles.channelType}>{channelLabel(channel.type, t)}</span>
              <a className={styles.channelUrl} href={channel.url} target="_blank" rel="noopener noreferrer">
                {channel.url}
              </a>
              {removedOn && !removedOn.kept.has(channel.url.toLowerCase()) ? (
                <span className={cx(styles.badge, styles.warn, styles.leaving)} data-testid="channel-leaving">
                  {t('channels.leaving', { date: removedOn.date })}
                </span>
              ) : null}
              <Button
                variant="ghost"
                size="sm"
                icon={<Trash2 />}
                onClick={() => setRemoving(channel)}
                aria-label={t('channels.removeLabel', { platform: channelLabel(channel.type, t), url: channel.url })}
                data-testid="remove-channel"
              >
                {t('channels.remove')}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.small}>{t('channels.empty')}</p>
      )}
      {!canAdd ? null : full ? (
        <p className={styles.small} data-testid="channel-limit-reached">
          {t('channels.full')}{' '}
          <ButtonLink to={localized('/licenses')} variant="ghost" size="sm">
            {t('channels.compare')}
          </ButtonLink>
        </p>
      ) : (
        <AddChannelForm />
      )}
      <Modal
        open={removing !== null}
        onClose={() => setRemoving(null)}
        size="sm"
        title={t('channels.confirmTitle')}
        description={removing ? `${channelLabel(removing.type, t)}: ${removing.url}` : undefined}
        footer={
          <>
            <Button variant="secondary" onClick={() => setRemoving(null)}>
              {t('channels.keep')}
            </Button>
            <Button variant="danger" loading={busy} onClick={remove} data-testid="confirm-remove-channel">
              {t('channels.confirmRemove')}
            </Button>
          </>
        }
      >
        <p className={styles.small}>{t('channels.confirmNote')}</p>
      </Modal>
    </AccountSection>
  );
}
