import { CARD_BRAND_LABELS, type CardBrand, type StoredPaymentMethod } from '@cuewave/contract/payment';
import { Trans, useTranslation } from 'react-i18next';
import type { Renewal } from '@cuewave/contract/subscription';
import { ButtonLink } from '../../components/ui/button';
import { useFormat } from '../../i18n/format';
import { BILLING_PATH } from './paths';
import { planTitle } from './status';
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
  const { t } = useTranslation('subscription');
  const format = useFormat();
  const billed = t(renewal.period === 'month' ? 'nextPayment.billedMonth' : 'nextPayment.billedYear', {
    plan: planTitle(renewal.plan, t),
  });
  return (
    <div className={styles.nextPayment} data-testid="next-payment">
      <div>
        <p className={styles.small}>{t('nextPayment.title')}</p>
        <p className={styles.amount} data-testid="next-payment-amount">
          {format.money(renewal.total, renewal.currency)}
        </p>
        <p className={styles.small}>
          {billed}
          {renewal.tax > 0
            ? ` · ${t('nextPayment.tax', { amount: format.money(renewal.tax, renewal.currency), percent: renewal.taxPercentage })}`
            : ''}
        </p>
      </div>
      <div>
        <p className={styles.small}>
          <Trans
            t={t}
            i18nKey="nextPayment.on"
            values={{ date: format.date(renewal.dueTS) }}
            components={{ date: <strong data-testid="next-payment-date" /> }}
          />
        </p>
        <p className={styles.small} data-testid="next-payment-card">
          {card ? t('nextPayment.fromCard', { card: cardLabel(card) }) : t('nextPayment.noCard')}{' '}
          {manageCard ? (
            <ButtonLink to={BILLING_PATH} variant="ghost" size="sm">
              {t(card ? 'nextPayment.changeCard' : 'nextPayment.addCard')}
            </ButtonLink>
          ) : null}
        </p>
      </div>
    </div>
  );
}
