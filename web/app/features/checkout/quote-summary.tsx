import type { PriceQuote } from '@cuewave/contract/pricing';
import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../components/ui/cx';
import { useFormat } from '../../i18n/format';
import { planTitleText } from '../registration/plans';
import { quoteLines } from './quote-lines';
import styles from './checkout.module.css';

export type QuoteSummaryProps = {
  quote: PriceQuote;
  /** The first line's label; default "Professional plan, yearly". */
  itemLabel?: string;
  className?: string;
};

/**
 * A price quote as an order summary: list price, discount or upgrade credit, tax with its rate and
 * the total in the quote's currency (spec §3 Price quote; amounts /100 with 2 decimals). Used by the
 * checkout and by the dashboard's upgrade dialog.
 */
export function QuoteSummary({ quote, itemLabel, className }: QuoteSummaryProps) {
  const { t } = useTranslation('checkout');
  const { t: registrationT } = useTranslation('registration');
  const format = useFormat();
  const label = itemLabel ?? t(`quote.item.${quote.period}`, { plan: planTitleText(quote.plan, registrationT) });
  const lines = quoteLines(quote, label, t, format);
  return (
    <div className={cx(styles.quote, className)} data-testid="quote-summary">
      <dl className={styles.quoteLines}>
        {lines.map((line) => (
          <div key={line.key} className={cx(styles.quoteLine, line.key === 'total' && styles.quoteTotal)}>
            <dt>{line.label}</dt>
            <dd data-testid={`quote-${line.key}`}>{line.amount}</dd>
          </div>
        ))}
      </dl>
      {quote.reverseCharge ? (
        <p className={styles.quoteNote} data-testid="quote-reverse-charge">
          <Info aria-hidden="true" />
          <span>{t('quote.reverseChargeNote')}</span>
        </p>
      ) : null}
    </div>
  );
}
