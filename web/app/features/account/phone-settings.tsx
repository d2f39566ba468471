import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Account, Me } from '@cuewave/contract/account';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { useToast } from '../../components/ui/toast';
import { useRefreshViewer } from '../auth/use-viewer';
import { useApiErrorText } from '../registration/error-messages';
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
  const { t } = useTranslation('account');
  const errorText = useApiErrorText();

  async function remove() {
    setRemoving(true);
    try {
      await apiSend<Account>('DELETE', '/v1/account/mobile');
      await refreshViewer();
      setConfirmRemove(false);
      toast.success(t('phone.removed'));
    } catch (error) {
      toast.error(t('phone.removeFailed', { reason: errorText(error) }));
    } finally {
      setRemoving(false);
    }
  }

  return (
    <AccountSection title={t('phone.title')} description={t('phone.description')} testId="account-phone">
      <div className={styles.row}>
        <p className={styles.value}>
          {phone ? (
            <>
              <span data-testid="account-phone-value">{displayPhone(phone)}</span>
              <StatusBadge ok={confirmedPhone} okLabel={t('phone.verified')} notOkLabel={t('phone.notVerified')} />
            </>
          ) : (
            <span className={styles.muted}>{t('phone.none')}</span>
          )}
        </p>
        {!editing ? (
          <div className={styles.buttons}>
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)} data-testid="edit-phone">
              {t(phone ? 'phone.change' : 'phone.add')}
            </Button>
            {phone ? (
              <Button variant="ghost" size="sm" onClick={() => setConfirmRemove(true)} data-testid="remove-phone">
                {t('remove')}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>

      {editing ? (
        <div className={styles.subpanel}>
          <PhoneForm
            initialPhone={phone}
            submitLabel={t('phone.sendCode')}
            autoFocus
            onSubmit={async (value) => {
              await apiSend<Account>('POST', '/v1/account/mobile', { json: value });
              setEditing(false);
              setJustSent(true);
              await refreshViewer();
            }}
            secondary={
              <Button variant="ghost" onClick={() => setEditing(false)}>
                {t('cancel')}
              </Button>
            }
          />
        </div>
      ) : null}

      {phone && !confirmedPhone && !editing ? (
        <div className={styles.subpanel}>
          <h3 className={styles.subpanelTitle}>{t('phone.verifyTitle')}</h3>
          <p className={styles.muted}>{t('phone.verifyText', { phone: displayPhone(phone) })}</p>
          <VerifyCodeForm
            channel="phone"
            justSent={justSent}
            alreadyVerifiedCode="PHONE_ALREADY_CONFIRMED"
            verify={(code) => apiSend<Account>('POST', '/v1/account/mobile/verify', { json: { code } })}
            resend={(captcha) => apiSend('POST', '/v1/account/mobile/resend', { json: { captcha } })}
            onVerified={async () => {
              setJustSent(false);
              await refreshViewer();
              toast.success(t('phone.verifiedToast'));
            }}
            submitLabel={t('phone.verify')}
          />
        </div>
      ) : null}

      <Modal
        open={confirmRemove}
        onClose={() => setConfirmRemove(false)}
        title={t('phone.removeTitle')}
        description={t('phone.removeText')}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmRemove(false)} disabled={removing}>
              {t('keepIt')}
            </Button>
            <Button
              variant="danger"
              onClick={() => void remove()}
              loading={removing}
              data-testid="confirm-remove-phone"
            >
              {t('phone.confirmRemove')}
            </Button>
          </>
        }
      />
    </AccountSection>
  );
}
