import { useState } from 'react';
import { Link } from 'react-router';
import { Download, ShieldCheck } from 'lucide-react';
import type { SubscriptionDetail } from '@cuewave/contract/subscription';
import { Button } from '../../components/ui/button';
import { useToast } from '../../components/ui/toast';
import { AccountSection } from '../account/account-section';
import { useLocalizedPath } from '../shell/edition';
import { fetchLicence, LICENCE_DOWNLOAD_FAILED, saveBlob } from './licence-download';
import styles from './subscription.module.css';

/**
 * The licence certificate (decision 044): a PDF with a public code; the verify page is the proof a
 * creator shows when a platform claims a video. Not before the first payment (the API answers 409).
 */
export function LicenceSection({ subscription }: { subscription: SubscriptionDetail }) {
  const toast = useToast();
  const localized = useLocalizedPath();
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
      toast.error(LICENCE_DOWNLOAD_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AccountSection
      title="Licence certificate"
      description="A PDF naming you, your plan and your channels, with a code anyone can check online."
      testId="licence"
    >
      <div className={styles.buttons}>
        <Button
          variant="secondary"
          icon={<Download />}
          loading={busy}
          disabled={!available}
          onClick={download}
          data-testid="download-licence"
        >
          Download certificate (PDF)
        </Button>
      </div>
      {!available ? (
        <p className={styles.small}>The certificate is available once your first payment is complete.</p>
      ) : code ? (
        <p className={styles.small} data-testid="licence-verify">
          <ShieldCheck aria-hidden="true" width={16} height={16} /> Certificate {code}:{' '}
          <Link to={localized(`/licenses/verify/${code}`)} className={styles.verifyLink}>
            see its public verification page
          </Link>
        </p>
      ) : (
        <p className={styles.small}>
          Each certificate has a verification page; changes to your plan or channels issue a new code.
        </p>
      )}
    </AccountSection>
  );
}
