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

const COPY = {
  registration: {
    title: 'Leave registration?',
    description:
      'Your account is saved, but it isn’t set up yet. You can log in any time to pick up where you left off.',
    stay: 'Continue registration',
  },
  checkout: {
    title: 'Leave checkout?',
    description: 'Your plan isn’t bought yet. You can come back to it any time from your dashboard.',
    stay: 'Continue checkout',
  },
} as const;

/** The question asked before leaving the register pages half-way (spec §2 abandon-registration modal). */
export function AbandonModal({ open, returning, onLeave, onStay }: AbandonModalProps) {
  const copy = returning ? COPY.checkout : COPY.registration;
  return (
    <Modal
      open={open}
      onClose={onStay}
      title={copy.title}
      description={copy.description}
      size="sm"
      data-testid="abandon-modal"
      footer={
        <>
          <Button variant="secondary" onClick={onLeave} data-testid="abandon-leave">
            Leave
          </Button>
          <Button onClick={onStay} data-testid="abandon-stay">
            {copy.stay}
          </Button>
        </>
      }
    />
  );
}
