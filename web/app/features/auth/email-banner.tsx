import { useState } from 'react';
import type { Me } from '@cuewave/contract/account';
import { Link, useLocation } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { MailWarning } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { useToast } from '../../components/ui/toast';
import { ApiError, apiSend } from '../../lib/api';
import { useLocalizedPath } from '../shell/edition';
import { waitMessage } from './messages';
import { useRefreshViewer } from './use-viewer';
import styles from './email-banner.module.css';

/**
 * Root shell slot 7 (spec §2): a warning while the signed-in user's email is not confirmed, with a
 * button that sends a new verification code. Not shown on register paths, where the verify-email
 * step says the same thing with the code form.
 */
export function EmailBanner({ me }: { me: Me | null }) {
  const { pathname } = useLocation();
  if (!me || me.account.confirmedEmail || pathname.includes('register')) return null;
  // During registration the code goes in the verify-email step; after it (a changed email) in the account page.
  const codePage = me.registrationStep ? '/register/verify-email' : '/dashboard/account';
  return <Banner email={me.account.email} codePage={codePage} />;
}

function Banner({ email, codePage }: { email: string; codePage: string }) {
  const { t } = useTranslation('auth');
  const toast = useToast();
  const refreshViewer = useRefreshViewer();
  const localized = useLocalizedPath();
  const [sending, setSending] = useState(false);

  async function resend() {
    setSending(true);
    try {
      // The browser check loads on the first press, not with every page this banner is on (issue 15).
      const { solveCaptcha } = await import('./captcha');
      const solution = await solveCaptcha('resend');
      await apiSend('POST', '/v1/account/email/resend', { json: { captcha: solution } });
      toast.success(t('banner.sent', { email }));
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) toast.warning(waitMessage(error.retryAfter, 'newCode', t));
      else if (error instanceof ApiError && error.body.error === 'email already confirmed') {
        toast.info(t('banner.alreadyConfirmed'));
        await refreshViewer();
      } else if (error instanceof ApiError && error.body.message) {
        const { apiErrorText } = await import('../registration/error-messages');
        toast.error(apiErrorText(error, t));
      } else toast.error(t('banner.failed'));
    } finally {
      setSending(false);
    }
  }

  return (
    <div className={styles.banner} role="region" aria-label={t('banner.region')} data-testid="email-banner">
      <div className={styles.inner}>
        <MailWarning aria-hidden="true" className={styles.icon} />
        <p className={styles.text}>
          <Trans t={t} i18nKey="banner.text" values={{ email }} components={{ strong: <strong /> }} />{' '}
          <Link to={localized(codePage)} className={styles.link}>
            {t('banner.enterCode')}
          </Link>
        </p>
        <Button size="sm" variant="secondary" loading={sending} onClick={resend} data-testid="email-banner-resend">
          {t('banner.resend')}
        </Button>
      </div>
    </div>
  );
}
