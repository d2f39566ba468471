import type { SubscriptionDetail } from '@cuewave/contract/subscription';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { ApiError } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { planTitle } from '../registration/plans';
import * as api from './api';
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
  const when = subscription.nextPayTS ? formatDate(subscription.nextPayTS) : 'the end of this period';

  async function confirm() {
    const done = await run(api.cancelRenewal, {
      success: `Your subscription won’t renew. You keep full access until ${when}.`,
      failure: 'We couldn’t cancel the renewal. Please try again.',
      treatAsSuccess: cancelRenewalTreatsAsSuccess,
    });
    if (done) onClose();
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      size="sm"
      title="Cancel renewal?"
      data-testid="cancel-renewal-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} data-testid="keep-subscription">
            Keep subscription
          </Button>
          <Button variant="danger" onClick={confirm} loading={busy} data-testid="confirm-cancel-renewal">
            Cancel renewal
          </Button>
        </>
      }
    >
      <div className={styles.dialogBody}>
        <p>
          Your {planTitle(subscription.planType)} plan stays active until <strong>{when}</strong> and won’t be charged
          again. After that, downloads stop and your licence no longer covers new videos.
        </p>
        <p className={styles.small}>
          Videos published while your licence was valid stay licensed. Changed your mind? Renew any time before {when}.
          {subscription.pendingChange ? ' The change you planned for that day is dropped.' : ''}
        </p>
      </div>
    </Modal>
  );
}
