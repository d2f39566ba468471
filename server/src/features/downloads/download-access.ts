import type { PlanName } from '@cuewave/contract/account';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { currentRow, planHistory } from '../subscription/subscription.service';

/**
 * Who may download (issue 12, decision 055): a running subscription, the trial included (active, or
 * cancelled but not yet at its period end). Not a first payment still pending, a renewal whose payment
 * is failing (status payment), an ended subscription, or none. Each refusal has its own code so the web
 * shows the right call to action.
 */
export type DownloadGrant = { subscriptionId: string; plan: PlanName };

export async function requireDownloadAccess(deps: { db: Db; clock: Clock }, accountId: string): Promise<DownloadGrant> {
  const current = await currentRow(deps, accountId);
  if (current && (current.status === 'active' || current.status === 'cancelled')) {
    return { subscriptionId: current.row.id, plan: current.row.plan };
  }
  if (current && (current.status === 'payment' || current.status === 'pending')) {
    throw new AppError(
      'DOWNLOAD_PAYMENT_PENDING',
      'Your subscription is waiting for a payment. Downloads are available again once the payment has gone through.',
    );
  }
  const history = await planHistory(deps, accountId);
  if (history.hadTrial || history.hadPaidPlan) {
    throw new AppError(
      'DOWNLOAD_SUBSCRIPTION_ENDED',
      'Your subscription has ended. Choose a plan to download tracks again.',
    );
  }
  throw new AppError(
    'DOWNLOAD_NO_SUBSCRIPTION',
    'Downloads come with a subscription. Start your free trial or choose a plan to download this track.',
  );
}
