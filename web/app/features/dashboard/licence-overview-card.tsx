import { useState } from 'react';
import { Download, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TRIAL_DAYS } from '@cuewave/contract/account-rules';
import type { SubscriptionDetail } from '@cuewave/contract/subscription';
import { Button, ButtonLink } from '../../components/ui/button';
import { useToast } from '../../components/ui/toast';
import { fetchLicence, saveBlob } from '../subscription/licence-download';
import { SUBSCRIPTION_PATH } from '../subscription/paths';
import { OverviewCard } from './overview-cards';
import styles from './overview.module.css';

/** The licence certificate (decision 044), downloadable from the overview once the plan is paid. */
export function LicenceOverviewCard({ subscription, ready }: { subscription: SubscriptionDetail; ready: boolean }) {
  const toast = useToast();
  const { t } = useTranslation('dashboard');
  const { t: st } = useTranslation('subscription');
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      const file = await fetchLicence(subscription.id);
      saveBlob(file.blob, file.fileName);
    } catch {
      toast.error(st('licence.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <OverviewCard
      title={t('licenceCard.title')}
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
            {t('licenceCard.download')}
          </Button>
        ) : (
          <ButtonLink to={SUBSCRIPTION_PATH} variant="secondary" size="sm">
            {t('licenceCard.goToSubscription')}
          </ButtonLink>
        )
      }
    >
      <p className={styles.value}>
        {t('licenceCard.value', { tier: st(`tiers.${subscription.planType}`, { count: TRIAL_DAYS }) })}
      </p>
      <p className={styles.detail}>{t(ready ? 'licenceCard.ready' : 'licenceCard.notReady')}</p>
    </OverviewCard>
  );
}
