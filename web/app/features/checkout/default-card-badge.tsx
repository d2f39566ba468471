import { useTranslation } from 'react-i18next';
import styles from './default-card-badge.module.css';

/** Marks the card charged when none is chosen, in the checkout and in billing's card list. */
export function DefaultCardBadge({ testId }: { testId?: string }) {
  const { t } = useTranslation('checkout');
  return (
    <span className={styles.badge} data-testid={testId}>
      {t('card.default')}
    </span>
  );
}
