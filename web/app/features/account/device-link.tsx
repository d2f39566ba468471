import { useEffect, useState } from 'react';
import { Copy, Smartphone } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast';
import { apiGet } from '../../lib/api';
import { AccountSection } from './account-section';
import styles from './account.module.css';

type OneTimeToken = { code: string; expiresIn: number };

/** Spec §8 user message for a copied code. */
export const CODE_COPIED = 'Code successfully copied';

/**
 * "Sign in on another device": a one-time sign-in link (GET /auth/ott, single use, 5 minutes) to
 * open on a phone or a studio machine without typing the password there. It lands on the ott
 * variant of the welcome page (decision 031).
 */
export function DeviceLink() {
  const toast = useToast();
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
      toast.error('We couldn’t create a sign-in link. Please try again.');
    } finally {
      setCreating(false);
    }
  }

  async function copy() {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      toast.success(CODE_COPIED);
    } catch {
      toast.warning('Copying isn’t allowed here; select the link and copy it instead.');
    }
  }

  return (
    <AccountSection
      title="Sign in on another device"
      description="A link that signs this account in once, without the password. It works for 5 minutes."
      testId="account-device-link"
    >
      {link && !expired ? (
        <div className={styles.deviceLink}>
          <TextField
            label="One-time sign-in link"
            value={link.url}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            hint={`Expires in ${formatCountdown(secondsLeft)}. Anyone with this link can sign in as you — only open it yourself.`}
            data-testid="device-link-url"
          />
          <div className={styles.buttons}>
            <Button variant="secondary" size="sm" icon={<Copy />} onClick={() => void copy()}>
              Copy link
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
            {expired ? 'Create a new link' : 'Create a sign-in link'}
          </Button>
          {expired ? <span className={styles.muted}>The last link expired.</span> : null}
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
