import { useState } from 'react';
import type { Account, Me } from '@cuewave/contract/account';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { useToast } from '../../components/ui/toast';
import { useRefreshViewer } from '../auth/use-viewer';
import { friendlyError } from '../registration/error-messages';
import { PhoneForm } from '../registration/phone-form';
import { displayPhone } from '../registration/phone-format';
import { VerifyCodeForm } from '../registration/verify-code-form';
import { apiSend } from '../../lib/api';
import { AccountSection, StatusBadge } from './account-section';
import styles from './account.module.css';

/** The mobile number: add, verify, change or remove it. */
export function PhoneSettings({ me }: { me: Me }) {
  const { phone, confirmedPhone } = me.account;
  const [editing, setEditing] = useState(false);
  const [justSent, setJustSent] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [removing, setRemoving] = useState(false);
  const refreshViewer = useRefreshViewer();
  const toast = useToast();

  async function remove() {
    setRemoving(true);
    try {
      await apiSend<Account>('DELETE', '/v1/account/mobile');
      await refreshViewer();
      setConfirmRemove(false);
      toast.success('Your phone number was removed.');
    } catch (error) {
      toast.error(`We couldn’t remove your phone number. ${friendlyError(error)}`);
    } finally {
      setRemoving(false);
    }
  }

  return (
    <AccountSection
      title="Phone"
      description="Used to secure your account and, if you like, for text notifications."
      testId="account-phone"
    >
      <div className={styles.row}>
        <p className={styles.value}>
          {phone ? (
            <>
              <span data-testid="account-phone-value">{displayPhone(phone)}</span>
              <StatusBadge ok={confirmedPhone} okLabel="Verified" notOkLabel="Not verified" />
            </>
          ) : (
            <span className={styles.muted}>No phone number yet.</span>
          )}
        </p>
        {!editing ? (
          <div className={styles.buttons}>
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)} data-testid="edit-phone">
              {phone ? 'Change number' : 'Add phone'}
            </Button>
            {phone ? (
              <Button variant="ghost" size="sm" onClick={() => setConfirmRemove(true)} data-testid="remove-phone">
                Remove
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>

      {editing ? (
        <div className={styles.subpanel}>
          <PhoneForm
            initialPhone={phone}
            submitLabel="Text me a code"
            autoFocus
            onSubmit={async (value) => {
              await apiSend<Account>('POST', '/v1/account/mobile', { json: value });
              setEditing(false);
              setJustSent(true);
              await refreshViewer();
            }}
            secondary={
              <Button variant="ghost" onClick={() => setEditing(false)}>
                Cancel
              </Button>
            }
          />
        </div>
      ) : null}

      {phone && !confirmedPhone && !editing ? (
        <div className={styles.subpanel}>
          <h3 className={styles.subpanelTitle}>Verify your phone</h3>
          <p className={styles.muted}>Enter the 6-digit code we texted to {displayPhone(phone)}.</p>
          <VerifyCodeForm
            channel="phone"
            justSent={justSent}
            alreadyVerifiedCode="PHONE_ALREADY_CONFIRMED"
            verify={(code) => apiSend<Account>('POST', '/v1/account/mobile/verify', { json: { code } })}
            resend={(captcha) => apiSend('POST', '/v1/account/mobile/resend', { json: { captcha } })}
            onVerified={async () => {
              setJustSent(false);
              await refreshViewer();
              toast.success('Your phone number is verified.');
            }}
            submitLabel="Verify phone"
          />
        </div>
      ) : null}

      <Modal
        open={confirmRemove}
        onClose={() => setConfirmRemove(false)}
        title="Remove your phone number?"
        description="Text notifications stop, and you’ll need to add and verify a number again before changing your plan."
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmRemove(false)} disabled={removing}>
              Keep it
            </Button>
            <Button
              variant="danger"
              onClick={() => void remove()}
              loading={removing}
              data-testid="confirm-remove-phone"
            >
              Remove number
            </Button>
          </>
        }
      />
    </AccountSection>
  );
}
