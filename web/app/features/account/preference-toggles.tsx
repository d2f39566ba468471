import { useId, useState } from 'react';
import type { Account, Me } from '@cuewave/contract/account';
import { useToast } from '../../components/ui/toast';
import { useRefreshViewer } from '../auth/use-viewer';
import { errorCode } from '../registration/error-messages';
import { apiSend } from '../../lib/api';
import { AccountSection } from './account-section';
import styles from './account.module.css';

export const PREFERENCE_MESSAGES = {
  newsletter: {
    on: 'You’re subscribed to the newsletter.',
    off: 'You’ve unsubscribed from the newsletter.',
    failed: 'We couldn’t update your newsletter subscription. Please try again.',
  },
  notifications: {
    on: 'Text notifications are on.',
    off: 'Text notifications are off.',
    failed: 'We couldn’t update your text notifications. Please try again.',
    phoneRequired: 'Verify a phone number first to get text notifications.',
  },
};

/** Newsletter and SMS notification subscriptions (spec §7 Account), each with its own toasts. */
export function PreferenceToggles({ me }: { me: Me }) {
  const refreshViewer = useRefreshViewer();
  const toast = useToast();
  const [saving, setSaving] = useState<'newsletter' | 'notifications' | null>(null);
  const canText = Boolean(me.account.phone && me.account.confirmedPhone);

  async function toggle(which: 'newsletter' | 'notifications', on: boolean) {
    const path = which === 'newsletter' ? '/v1/account/email/newsletter' : '/v1/account/mobile/notifications';
    const messages = PREFERENCE_MESSAGES[which];
    setSaving(which);
    try {
      await apiSend<Account>(on ? 'POST' : 'DELETE', path);
      await refreshViewer();
      toast.success(on ? messages.on : messages.off);
    } catch (error) {
      toast.error(
        errorCode(error) === 'PHONE_REQUIRED' ? PREFERENCE_MESSAGES.notifications.phoneRequired : messages.failed,
      );
    } finally {
      setSaving(null);
    }
  }

  return (
    <AccountSection title="Notifications" testId="account-notifications">
      <Toggle
        label="Newsletter"
        description="New music, curated playlists and offers, about twice a month."
        checked={me.account.newsletter}
        busy={saving === 'newsletter'}
        onChange={(on) => void toggle('newsletter', on)}
        testId="toggle-newsletter"
      />
      <Toggle
        label="Text notifications"
        description={
          canText
            ? 'Important account and billing news by SMS.'
            : 'Important account and billing news by SMS. Verify a phone number to turn these on.'
        }
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
