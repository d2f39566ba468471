import { useState, type FormEvent } from 'react';
import { CreditCard, Plus, Trash2 } from 'lucide-react';
import type { StoredPaymentMethod } from '@cuewave/contract/payment';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Modal } from '../../components/ui/modal';
import { useToast } from '../../components/ui/toast';
import { AccountSection } from '../account/account-section';
import { FormAlert } from '../auth/form-alert';
import { errorCode, friendlyError } from '../registration/error-messages';
import { deletePaymentMethod, getPaymentMethods, makeDefaultPaymentMethod } from '../checkout/api';
import { CardForm, cardSaveErrorMessage, useCardForm } from '../checkout/card-form';
import { cardExpired, cardName, expiryLabel } from '../checkout/card-label';
import { DefaultCardBadge } from '../checkout/default-card-badge';
import { CARD_REMOVAL_MESSAGES, PAYMENT_METHOD_MESSAGES } from './messages';
import styles from './billing.module.css';

export type PaymentMethodsSectionProps = {
  methods: StoredPaymentMethod[] | null;
  onChange: (methods: StoredPaymentMethod[]) => void;
};

/**
 * What removing `card` does, said in the dialog before the click: which card takes over as the
 * default (the newest other one: the list is the default first, then newest first), or that none is
 * left. The only card of a renewing subscription cannot go at all (decision 043).
 */
export function removalText(card: StoredPaymentMethod, methods: StoredPaymentMethod[]): string {
  const gone = `${cardName(card)} will no longer be charged.`;
  if (!card.isDefault) return gone;
  const successor = methods.find((m) => m.id !== card.id);
  return successor
    ? `${gone} ${cardName(successor)} becomes your default card.`
    : `${gone} ${CARD_REMOVAL_MESSAGES.noCardLeft}`;
}

/**
 * Saved cards (decision 043): brand, last four and expiry, the default one marked; make another the
 * default, remove one (asked first, spec §8 toast), or add a card through the same card form as the
 * checkout. The card a subscription renews with says so, and its dialog explains why it stays.
 */
export function PaymentMethodsSection({ methods, onChange }: PaymentMethodsSectionProps) {
  const toast = useToast();
  const [adding, setAdding] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [removing, setRemoving] = useState<StoredPaymentMethod | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  // The server refused although the list allowed it (the subscription started meanwhile).
  const [refused, setRefused] = useState(false);
  const [rowError, setRowError] = useState<string | null>(null);

  const blocked = Boolean(removing?.requiredForRenewal) || refused;

  async function makeDefault(card: StoredPaymentMethod) {
    setBusyId(card.id);
    setRowError(null);
    try {
      onChange(await makeDefaultPaymentMethod(card.id));
      toast.success(PAYMENT_METHOD_MESSAGES.defaultSuccess);
    } catch (error) {
      setRowError(`We couldn’t change your default card. ${friendlyError(error)}`);
    } finally {
      setBusyId(null);
    }
  }

  async function remove() {
    const card = removing;
    if (!card) return;
    setBusyId(card.id);
    setRemoveError(null);
    try {
      onChange(await deletePaymentMethod(card.id));
      setRemoving(null);
      toast.success(PAYMENT_METHOD_MESSAGES.deleteSuccess);
    } catch (error) {
      // 409 PAYMENT_METHOD_REQUIRED: the only card of a renewing subscription stays (decision 043);
      // the dialog shows the server's reason and offers to add a card instead.
      setRemoveError(friendlyError(error));
      if (errorCode(error) === 'PAYMENT_METHOD_REQUIRED') setRefused(true);
      toast.warning(PAYMENT_METHOD_MESSAGES.deleteFailed);
    } finally {
      setBusyId(null);
    }
  }

  return (
    <AccountSection
      title="Payment methods"
      description="Your default card pays for renewals. We keep only the brand, last four digits and expiry date."
      testId="payment-methods"
    >
      {methods === null ? (
        <p className={styles.muted} role="alert">
          We couldn’t load your cards. Reload the page to try again.
        </p>
      ) : methods.length === 0 && !adding ? (
        <EmptyState
          compact
          headingLevel={3}
          icon={<CreditCard />}
          title="No saved cards"
          description="Add a card to pay for your plan and its renewals."
        />
      ) : (
        <ul className={styles.cards} role="list" data-testid="card-list">
          {methods.map((card) => (
            <li key={card.id} className={styles.card} data-testid={`card-${card.last4}`}>
              <span className={styles.cardIcon} aria-hidden="true">
                <CreditCard />
              </span>
              <span className={styles.cardText}>
                <strong>{cardName(card)}</strong>
                <span className={cardExpired(card) ? styles.expired : undefined}>
                  {cardExpired(card) ? 'Expired' : 'Expires'} {expiryLabel(card)}
                </span>
                {card.requiredForRenewal ? (
                  <span data-testid="card-renews">{CARD_REMOVAL_MESSAGES.renewsHint}</span>
                ) : null}
              </span>
              {card.isDefault ? <DefaultCardBadge testId="card-default" /> : null}
              <span className={styles.cardActions}>
                {!card.isDefault ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    loading={busyId === card.id && !removing}
                    disabled={busyId !== null}
                    onClick={() => void makeDefault(card)}
                    aria-label={`Make ${cardName(card)} the default card`}
                    data-testid="card-make-default"
                  >
                    Make default
                  </Button>
                ) : null}
                <Button
                  variant="ghost"
                  size="sm"
                  icon={<Trash2 />}
                  disabled={busyId !== null}
                  onClick={() => {
                    setRemoveError(null);
                    setRefused(false);
                    setRemoving(card);
                  }}
                  aria-label={`Remove ${cardName(card)}`}
                  data-testid="card-delete"
                >
                  Remove
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <FormAlert testId="card-row-error">{rowError}</FormAlert>

      {methods !== null ? (
        adding ? (
          <AddCard
            onCancel={() => setAdding(false)}
            onAdded={(list) => {
              onChange(list);
              setAdding(false);
              toast.success(PAYMENT_METHOD_MESSAGES.addSuccess);
            }}
          />
        ) : (
          <div>
            <Button variant="secondary" icon={<Plus />} onClick={() => setAdding(true)} data-testid="card-add">
              Add a card
            </Button>
          </div>
        )
      ) : null}

      <Modal
        open={removing !== null}
        onClose={() => (busyId ? undefined : setRemoving(null))}
        size="sm"
        title={blocked ? CARD_REMOVAL_MESSAGES.blockedTitle : 'Remove this card?'}
        description={
          removing
            ? blocked
              ? // After a refusal the server's own reason (in the alert below) says it.
                refused
                ? undefined
                : CARD_REMOVAL_MESSAGES.blocked
              : removalText(removing, methods ?? [])
            : undefined
        }
        data-testid="card-delete-dialog"
        footer={
          blocked ? (
            <>
              <Button variant="secondary" onClick={() => setRemoving(null)}>
                Keep card
              </Button>
              <Button
                icon={<Plus />}
                onClick={() => {
                  setRemoving(null);
                  setAdding(true);
                }}
                data-testid="card-delete-add-instead"
              >
                Add another card
              </Button>
            </>
          ) : (
            <>
              <Button variant="secondary" onClick={() => setRemoving(null)} disabled={busyId !== null}>
                Keep card
              </Button>
              <Button
                variant="danger"
                loading={busyId !== null}
                onClick={() => void remove()}
                data-testid="card-delete-confirm"
              >
                Remove card
              </Button>
            </>
          )
        }
      >
        {removeError ? <FormAlert testId="card-delete-error">{removeError}</FormAlert> : null}
      </Modal>
    </AccountSection>
  );
}

function AddCard({ onCancel, onAdded }: { onCancel: () => void; onAdded: (methods: StoredPaymentMethod[]) => void }) {
  const card = useCardForm();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setError(null);
    if (!card.validate()) return;
    setSaving(true);
    try {
      const saved = await card.saveCard();
      if (saved) onAdded(await getPaymentMethods());
    } catch (err) {
      setError(cardSaveErrorMessage(err, 'We couldn’t add your card.'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className={styles.addCard} onSubmit={submit} noValidate aria-label="Add a card">
      <h3 className={styles.addCardTitle}>Add a card</h3>
      <CardForm form={card} disabled={saving} testIdPrefix="new-card" />
      <FormAlert testId="card-add-error">{error}</FormAlert>
      <div className={styles.buttons}>
        <Button type="submit" loading={saving} data-testid="card-add-submit">
          Save card
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
