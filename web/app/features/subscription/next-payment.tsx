import { CARD_BRAND_LABELS, type CardBrand, type StoredPaymentMethod } from '@cuewave/contract/payment';
import { formatMoney } from '@cuewave/contract/pricing';
import type { Renewal } from '@cuewave/contract/subscription';
import { ButtonLink } from '../../components/ui/button';
import { formatDate } from '../../lib/format';
import { planTitle } from '../registration/plans';
import { BILLING_PATH } from './paths';
import styles from './subscription.module.css';

export function cardLabel(card: Pick<StoredPaymentMethod, 'brand' | 'last4'>): string {
  const brand = CARD_BRAND_LABELS[card.brand as CardBrand] ?? card.brand.charAt(0).toUpperCase() + card.brand.slice(1);
  return `${brand} •••• ${card.last4}`;
}

/** What the next renewal charges, when, and to which card (the renewal of decision 045). */
export function NextPayment({
  renewal,
  card,
  manageCard = true,
}: {
  renewal: Renewal;
  card: StoredPaymentMethod | null;
  /** False for enterprise customers, who have no billing page (spec §6). */
  manageCard?: boolean;
}) {
  const per = renewal.period === 'month' ? 'month' : 'year';
  return (
    <div className={styles.nextPayment} data-testid="next-payment">
      <div>
        <p className={styles.small}>Next payment</p>
        <p className={styles.amount} data-testid="next-payment-amount">
          {formatMoney(renewal.total, renewal.currency)}
        </p>
        <p className={styles.small}>
          {planTitle(renewal.plan)}, billed per {per}
          {renewal.tax > 0
            ? ` · incl. ${formatMoney(renewal.tax, renewal.currency)} tax (${renewal.taxPercentage}%)`
            : ''}
        </p>
      </div>
      <div>
        <p className={styles.small}>
          on <strong data-testid="next-payment-date">{formatDate(renewal.dueTS)}</strong>
        </p>
        <p className={styles.small} data-testid="next-payment-card">
          {card ? `from ${cardLabel(card)}` : 'No card on file'}{' '}
          {manageCard ? (
            <ButtonLink to={BILLING_PATH} variant="ghost" size="sm">
              {card ? 'Change card' : 'Add a card'}
            </ButtonLink>
          ) : null}
        </p>
      </div>
    </div>
  );
}
