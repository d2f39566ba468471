import { useState, type FormEvent } from 'react';
import { CreditCard, Plus, Trash2 } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { StoredPaymentMethod } from '@cuewave/contract/payment';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Modal } from '../../components/ui/modal';
import { useToast } from '../../components/ui/toast';
import { AccountSection } from '../account/account-section';
import { FormAlert } from '../auth/form-alert';
import { errorCode, useApiErrorText } from '../registration/error-messages';
import { deletePaymentMethod, getPaymentMethods, makeDefaultPaymentMethod } from '../checkout/api';
import { CardForm, cardSaveErrorMessage, useCardForm } from '../checkout/card-form';
import { cardExpired, cardName, expiryLabel } from '../checkout/card-label';
import { DefaultCardBadge } from '../checkout/default-card-badge';
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
export function removalText(
  card: StoredPaymentMethod,
  methods: StoredPaymentMethod[],
  t: TFunction<'billing'>,
): string {
  const gone = t('cards.gone', { card: cardName(card) });
  if (!card.isDefault) return gone;
  const successor = methods.find((m) => m.id !== card.id);
  return successor
    ? `${gone} ${t('cards.successor', { card: cardName(successor) })}`
    : `${gone} ${t('cards.noCardLeft')}`;
}

/**
 * Saved cards (decision 043): brand, last four and expiry, the default one marked; make another the
 * default, remove one (asked first, spec §8 toast), or add a card through the same card form as the
 * checkout. The card a subscription renews with says so, and its dialog explains why it stays.
 */
export function PaymentMethodsSection({ methods, onChange }: PaymentMethodsSectionProps) {
  const toast = useToast();
  const { t } = useTranslation('billing');
  const errorText = useApiErrorText();
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
      toast.success(t('cards.defaultSuccess'));
    } catch (error) {
      setRowError(t('cards.defaultFailed', { reason: errorText(error) }));
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
      toast.success(t('cards.deleteSuccess'));
    } catch (error) {
      // 409 PAYMENT_METHOD_REQUIRED: the only card of a renewing subscription stays (decision 043);
      // the dialog shows the server's reason and offers to add a card instead.
      setRemoveError(errorText(error));
      if (errorCode(error) === 'PAYMENT_METHOD_REQUIRED') setRefused(true);
      toast.warning(t('cards.deleteFailed'));
    } finally {
      setBusyId(null);
    }
  }

  return (
    <AccountSection title={t('cards.title')} description={t('cards.description')} testId="payment-methods">
      {methods === null ? (
        <p className={styles.muted} role="alert">
          {t('cards.loadFailed')}
        </p>
      ) : methods.length === 0 && !adding ? (
        <EmptyState
          compact
          headingLevel={3}
          icon={<CreditCard />}
          title={t('cards.emptyTitle')}
          description={t('cards.emptyText')}
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
                  {t(cardExpired(card) ? 'cards.expired' : 'cards.expires', { date: expiryLabel(card) })}
                </span>
                {card.requiredForRenewal ? <span data-testid="card-renews">{t('cards.renewsHint')}</span> : null}
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
                    aria-label={t('cards.makeDefaultLabel', { card: cardName(card) })}
                    data-testid="card-make-default"
                  >
                    {t('cards.makeDefault')}
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
                  aria-label={t('cards.removeLabel', { card: cardName(card) })}
                  data-testid="card-delete"
                >
                  {t('cards.remove')}
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
              toast.success(t('cards.addSuccess'));
            }}
          />
        ) : (
          <div>
            <Button variant="secondary" icon={<Plus />} onClick={() => setAdding(true)} data-testid="card-add">
              {t('cards.add')}
            </Button>
          </div>
        )
      ) : null}

      <Modal
        open={removing !== null}
        onClose={() => (busyId ? undefined : setRemoving(null))}
        size="sm"
        title={t(blocked ? 'cards.blockedTitle' : 'cards.removeTitle')}
        description={
          removing
            ? blocked
              ? // After a refusal the server's own reason (in the alert below) says it.
                refused
                ? undefined
                : t('cards.blocked')
              : removalText(removing, methods ?? [], t)
            : undefined
        }
        data-testid="card-delete-dialog"
        footer={
          blocked ? (
            <>
              <Button variant="secondary" onClick={() => setRemoving(null)}>
                {t('cards.keep')}
              </Button>
              <Button
                icon={<Plus />}
                onClick={() => {
                  setRemoving(null);
                  setAdding(true);
                }}
                data-testid="card-delete-add-instead"
              >
                {t('cards.addInstead')}
              </Button>
            </>
          ) : (
            <>
              <Button variant="secondary" onClick={() => setRemoving(null)} disabled={busyId !== null}>
                {t('cards.keep')}
              </Button>
              <Button
                variant="danger"
                loading={busyId !== null}
                onClick={() => void remove()}
                data-testid="card-delete-confirm"
              >
                {t('cards.confirmRemove')}
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
  const { t } = useTranslation('billing');
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
      setError(cardSaveErrorMessage(err, t('cards.addFailed')));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className={styles.addCard} onSubmit={submit} noValidate aria-label={t('cards.add')}>
      <h3 className={styles.addCardTitle}>{t('cards.add')}</h3>
      <CardForm form={card} disabled={saving} testIdPrefix="new-card" />
      <FormAlert testId="card-add-error">{error}</FormAlert>
      <div className={styles.buttons}>
        <Button type="submit" loading={saving} data-testid="card-add-submit">
          {t('cards.save')}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={saving}>
          {t('cards.cancel')}
        </Button>
      </div>
    </form>
  );
}
