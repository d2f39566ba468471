import { useState } from 'react';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { Download, ShieldCheck } from 'lucide-react';
import type { SubscriptionDetail } from '@cuewave/contract/subscription';
import { Button } from '../../components/ui/button';
import { useToast } from '../../components/ui/toast';
import { AccountSection } from '../account/account-section';
import { useLocalizedPath } from '../shell/edition';
import { fetchLicence, saveBlob } from './licence-download';
import styles from './subscription.module.css';

/**
 * The licence certificate (decision 044): a PDF with a public code; the verify page is the proof a
 * creator shows when a platform claims a video. Not before the first payment (the API answers 409).
 */
export function LicenceSection({ subscription }: { subscription: SubscriptionDetail }) {
  const toast = useToast();
  const localized = useLocalizedPath();
  const { t } = useTranslation('subscription');
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState<string | null>(null);
  const available = subscription.status !== 'pending' && subscription.status !== 'ended';

  async function download() {
    setBusy(true);
    try {
      const file = await fetchLicence(subscription.id);
      saveBlob(file.blob, file.fileName);
      setCode(file.code);
    } catch {
      toast.error(t('licence.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AccountSection title={t('licence.title')} description={t('licence.description')} testId="licence">
      <div className={styles.buttons}>
        <Button
          variant="secondary"
          icon={<Download />}
          loading={busy}
          disabled={!available}
          onClick={download}
          data-testid="download-licence"
        >
          {t('licence.download')}
        </Button>
      </div>
      {!available ? (
        <p className={styles.small}>{t('licence.unavailable')}</p>
      ) : code ? (
        <p className={styles.small} data-testid="licence-verify">
          <ShieldCheck aria-hidden="true" width={16} height={16} />{' '}
          <Trans
            t={t}
            i18nKey="licence.verify"
            values={{ code }}
            components={{
              page: <Link to={localized(`/licenses/verify/${code}`)} className={styles.verifyLink} />,
            }}
          />
        </p>
      ) : (
        <p className={styles.small}>{t('licence.hint')}</p>
      )}
    </AccountSection>
  );
}
