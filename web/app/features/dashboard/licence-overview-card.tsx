import { useState } from 'react';
import { Download, ShieldCheck } from 'lucide-react';
import type { SubscriptionDetail } from '@cuewave/contract/subscription';
import { Button, ButtonLink } from '../../components/ui/button';
import { useToast } from '../../components/ui/toast';
import { planInfo } from '../registration/plans';
import { fetchLicence, LICENCE_DOWNLOAD_FAILED, saveBlob } from '../subscription/licence-download';
import { SUBSCRIPTION_PATH } from '../subscription/paths';
import { OverviewCard } from './overview-cards';
import styles from './overview.module.css';

/** The licence certificate (decision 044), downloadable from the overview once the plan is paid. */
export function LicenceOverviewCard({ subscription, ready }: { subscription: SubscriptionDetail; ready: boolean }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      const file = await fetchLicence(subscription.id);
      saveBlob(file.blob, file.fileName);
    } catch {
      toast.error(LICENCE_DOWNLOAD_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <OverviewCard
      title="Licence"
      icon={<ShieldCheck aria-hidden="true" />}
      testId="overview-licence"
      foot={
        ready ? (
          <Button
            variant="secondary"
            size="sm"
            icon={<Download />}
            loading={busy}
            onClick={download}
            data-testid="overview-licence-download"
          >
            Download certificate
          </Button>
        ) : (
          <ButtonLink to={SUBSCRIPTION_PATH} variant="secondary" size="sm">
            Go to subscription
          </ButtonLink>
        )
      }
    >
      <p className={styles.value}>{planInfo(subscription.planType).tier} licence</p>
      <p className={styles.detail}>
        {ready
          ? 'A PDF naming you, your plan and your channels, with a code anyone can check online.'
          : 'Your certificate is available once your first payment is complete.'}
      </p>
    </OverviewCard>
  );
}
