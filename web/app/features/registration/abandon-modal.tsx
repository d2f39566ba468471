import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';

export type AbandonModalProps = {
  open: boolean;
  /**
   * A returning customer (plan ended or cancelled) buying a plan again through the register pages
   * (decision 051): they signed up long ago, so the question is about the checkout, not registration.
   */
  returning: boolean;
  onLeave: () => void;
  onStay: () => void;
};

/** The question asked before leaving the register pages half-way (spec §2 abandon-registration modal). */
export function AbandonModal({ open, returning, onLeave, onStay }: AbandonModalProps) {
  const { t } = useTranslation('registration');
  // Texts of `abandon.registration` or `abandon.checkout`.
  const which = returning ? 'checkout' : 'registration';
  return (
    <Modal
      open={open}
      onClose={onStay}
      title={t(`abandon.${which}.title`)}
      description={t(`abandon.${which}.description`)}
      size="sm"
      data-testid="abandon-modal"
      footer={
        <>
          <Button variant="secondary" onClick={onLeave} data-testid="abandon-leave">
            {t('abandon.leave')}
          </Button>
          <Button onClick={onStay} data-testid="abandon-stay">
            {t(`abandon.${which}.stay`)}
          </Button>
        </>
      }
    />
  );
}
