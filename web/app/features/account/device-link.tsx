import { useEffect, useState } from 'react';
import { Copy, Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast';
import { apiGet } from '../../lib/api';
import { AccountSection } from './account-section';
import styles from './account.module.css';

type OneTimeToken = { code: string; expiresIn: number };

/**
 * "Sign in on another device": a one-time sign-in link (GET /auth/ott, single use, 5 minutes) to
 * open on a phone or a studio machine without typing the password there. It lands on the ott
 * variant of the welcome page (decision 031).
 */
export function DeviceLink() {
  const toast = useToast();
  const { t } = useTranslation('account');
  const [link, setLink] = useState<{ url: string; expiresAt: number } | null>(null);
  const [creating, setCreating] = useState(false);
  const secondsLeft = useSecondsUntil(link?.expiresAt ?? null);
  const expired = link !== null && secondsLeft <= 0;

  async function create() {
    setCreating(true);
    try {
      const { code, expiresIn } = await apiGet<OneTimeToken>('/auth/ott');
      const url = `${window.location.origin}/ott/${encodeURIComponent(code)}?returnUrl=${encodeURIComponent('/register/welcome/ott')}`;
      setLink({ url, expiresAt: Date.now() + expiresIn * 1000 });
    } catch {
      toast.error(t('device.createFailed'));
    } finally {
      setCreating(false);
    }
  }

  async function copy() {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      toast.success(t('device.copied'));
    } catch {
      toast.warning(t('device.copyBlocked'));
    }
  }

  return (
    <AccountSection title={t('device.title')} description={t('device.description')} testId="account-device-link">
      {link && !expired ? (
        <div className={styles.deviceLink}>
          <TextField
            label={t('device.label')}
            value={link.url}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            hint={t('device.hint', { time: formatCountdown(secondsLeft) })}
            data-testid="device-link-url"
          />
          <div className={styles.buttons}>
            <Button variant="secondary" size="sm" icon={<Copy />} onClick={() => void copy()}>
              {t('device.copy')}
            </Button>
          </div>
        </div>
      ) : (
        <div className={styles.buttons}>
          <Button
            variant="secondary"
            size="sm"
            icon={<Smartphone />}
            loading={creating}
            onClick={() => void create()}
            data-testid="device-link-create"
          >
            {t(expired ? 'device.createNew' : 'device.create')}
          </Button>
          {expired ? <span className={styles.muted}>{t('device.expired')}</span> : null}
        </div>
      )}
    </AccountSection>
  );
}

function useSecondsUntil(deadline: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);
  return deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
}

function formatCountdown(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
