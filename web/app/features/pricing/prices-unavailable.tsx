import { AlertTriangle, RotateCw } from 'lucide-react';
import { useRevalidator } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import styles from './prices-unavailable.module.css';

/** The plan list could not be loaded: the cards still describe the plans, this says why prices are missing. */
export function PricesUnavailable() {
  const revalidator = useRevalidator();
  const { t } = useTranslation('pricing');
  return (
    <div className={styles.notice} role="alert" data-testid="prices-unavailable">
      <AlertTriangle aria-hidden="true" className={styles.icon} />
      <p className={styles.text}>{t('unavailable.text')}</p>
      <Button
        variant="secondary"
        size="sm"
        icon={<RotateCw />}
        loading={revalidator.state === 'loading'}
        onClick={() => void revalidator.revalidate()}
      >
        {t('unavailable.retry')}
      </Button>
    </div>
  );
}
