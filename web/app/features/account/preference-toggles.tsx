import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Account, Me } from '@cuewave/contract/account';
import { useToast } from '../../components/ui/toast';
import { useRefreshViewer } from '../auth/use-viewer';
import { errorCode } from '../registration/error-messages';
import { apiSend } from '../../lib/api';
import { AccountSection } from './account-section';
import styles from './account.module.css';

/** The toasts of each switch: keys under `preferences` (locales/*.json). */
const MESSAGE_KEYS = {
  newsletter: { on: 'newsletterOn', off: 'newsletterOff', failed: 'newsletterFailed' },
  notifications: { on: 'textsOn', off: 'textsOff', failed: 'textsFailed' },
} as const;

/** Newsletter and SMS notification subscriptions (spec §7 Account), each with its own toasts. */
export function PreferenceToggles({ me }: { me: Me }) {
  const refreshViewer = useRefreshViewer();
  const toast = useToast();
  const { t } = useTranslation('account');
  const [saving, setSaving] = useState<'newsletter' | 'notifications' | null>(null);
  const canText = Boolean(me.account.phone && me.account.confirmedPhone);

  async function toggle(which: 'newsletter' | 'notifications', on: boolean) {
    const path = which === 'newsletter' ? '/v1/account/email/newsletter' : '/v1/account/mobile/notifications';
    const messages = MESSAGE_KEYS[which];
    setSaving(which);
    try {
      await apiSend<Account>(on ? 'POST' : 'DELETE', path);
      await refreshViewer();
      toast.success(t(`preferences.${on ? messages.on : messages.off}`));
    } catch (error) {
      toast.error(t(`preferences.${errorCode(error) === 'PHONE_REQUIRED' ? 'phoneRequired' : messages.failed}`));
    } finally {
      setSaving(null);
    }
  }

  return (
    <AccountSection title={t('preferences.title')} testId="account-notifications">
      <Toggle
        label={t('preferences.newsletter')}
        description={t('preferences.newsletterText')}
        checked={me.account.newsletter}
        busy={saving === 'newsletter'}
        onChange={(on) => void toggle('newsletter', on)}
        testId="toggle-newsletter"
      />
      <Toggle
        label={t('preferences.texts')}
        description={t(canText ? 'preferences.textsText' : 'preferences.textsNeedPhone')}
        checked={me.account.mobileNotifications}
        busy={saving === 'notifications'}
        disabled={!canText && !me.account.mobileNotifications}
        onChange={(on) => void toggle('notifications', on)}
        testId="toggle-notifications"
      />
    </AccountSection>
  );
}

function Toggle({
  label,
  description,
  checked,
  busy,
  disabled,
  onChange,
  testId,
}: {
  label: string;
  description: string;
  checked: boolean;
  busy: boolean;
  disabled?: boolean;
  onChange: (on: boolean) => void;
  testId: string;
}) {
  const labelId = useId();
  const descriptionId = useId();
  return (
    <div className={styles.toggleRow}>
      <div className={styles.toggleText}>
        <span id={labelId} className={styles.toggleLabel}>
          {label}
        </span>
        <span id={descriptionId} className={styles.muted}>
          {description}
        </span>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={descriptionId}
        aria-busy={busy || undefined}
        disabled={busy || disabled}
        className={styles.switch}
        onClick={() => onChange(!checked)}
        data-testid={testId}
      />
    </div>
  );
}
