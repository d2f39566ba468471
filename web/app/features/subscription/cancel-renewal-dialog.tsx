import { Trans, useTranslation } from 'react-i18next';
import type { SubscriptionDetail } from '@cuewave/contract/subscription';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { ApiError } from '../../lib/api';
import { useFormat } from '../../i18n/format';
import * as api from './api';
import { planTitle } from './status';
import { useSubscriptionCall } from './use-refresh';
import styles from './subscription.module.css';

/** Spec §8: a 401 on cancelling the renewal counts as success. */
export const cancelRenewalTreatsAsSuccess = (error: unknown) => error instanceof ApiError && error.status === 401;

/** Turn renewal off (decision 045): the plan runs to its period end, then ends; renew any time before. */
export function CancelRenewalDialog({
  open,
  onClose,
  subscription,
}: {
  open: boolean;
  onClose: () => void;
  subscription: SubscriptionDetail;
}) {
  const { busy, run } = useSubscriptionCall();
  const { t } = useTranslation('subscription');
  const format = useFormat();
  const when = subscription.nextPayTS ? format.date(subscription.nextPayTS) : t('period.periodEnd');

  async function confirm() {
    const done = await run(api.cancelRenewal, {
      success: t('cancelRenewal.success', { date: when }),
      failure: t('cancelRenewal.failure'),
      treatAsSuccess: cancelRenewalTreatsAsSuccess,
    });
    if (done) onClose();
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      size="sm"
      title={t('cancelRenewal.title')}
      data-testid="cancel-renewal-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} data-testid="keep-subscription">
            {t('cancelRenewal.keep')}
          </Button>
          <Button variant="danger" onClick={confirm} loading={busy} data-testid="confirm-cancel-renewal">
            {t('cancelRenewal.confirm')}
          </Button>
        </>
      }
    >
      <div className={styles.dialogBody}>
        <p>
          <Trans
            t={t}
            i18nKey="cancelRenewal.body"
            values={{ plan: planTitle(subscription.planType, t), date: when }}
            components={{ strong: <strong /> }}
          />
        </p>
        <p className={styles.small}>
          {t('cancelRenewal.note', { date: when })}
          {subscription.pendingChange ? ` ${t('cancelRenewal.changeDropped')}` : ''}
        </p>
      </div>
    </Modal>
  );
}
