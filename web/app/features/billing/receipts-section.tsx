import { FileText, Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Receipt } from '@cuewave/contract/payment';
import { EmptyState } from '../../components/ui/empty-state';
import { useFormat } from '../../i18n/format';
import { AccountSection } from '../account/account-section';
import { receiptPdfUrl } from '../checkout/api';
import styles from './billing.module.css';

/**
 * Receipts and VAT invoices of succeeded payments, newest first, each with its PDF (seller, buyer,
 * items, discount, tax, totals). A business with a valid tax number is invoiced (decision 052).
 */
export function ReceiptsSection({ receipts }: { receipts: Receipt[] | null }) {
  const { t } = useTranslation('billing');
  const format = useFormat();
  // data-label names a cell for the phone layout's CSS (billing.module.css), not for people: not translated.
  return (
    <AccountSection title={t('receipts.title')} description={t('receipts.description')} testId="receipts">
      {receipts === null ? (
        <p className={styles.muted} role="alert">
          {t('receipts.loadFailed')}
        </p>
      ) : receipts.length === 0 ? (
        <EmptyState
          compact
          headingLevel={3}
          icon={<FileText />}
          title={t('receipts.emptyTitle')}
          description={t('receipts.emptyText')}
        />
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="receipt-list">
            <caption className="visually-hidden">{t('receipts.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('receipts.number')}</th>
                <th scope="col">{t('receipts.document')}</th>
                <th scope="col">{t('receipts.date')}</th>
                <th scope="col">{t('receipts.description_')}</th>
                <th scope="col" className={styles.amount}>
                  {t('receipts.total')}
                </th>
                <th scope="col">
                  <span className="visually-hidden">{t('receipts.download')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {receipts.map((receipt) => (
                <tr key={receipt.id} data-testid="receipt">
                  <th scope="row" data-label="Number">
                    {receipt.receiptNumber}
                  </th>
                  <td data-label="Document" data-testid="receipt-kind">
                    {t(`receipts.kinds.${receipt.documentKind}`)}
                  </td>
                  <td data-label="Date">{format.date(receipt.createdTS)}</td>
                  <td data-label="Description">{receipt.description}</td>
                  <td data-label="Total" className={styles.amount}>
                    {format.money(receipt.total, receipt.currency)}
                  </td>
                  <td className={styles.download}>
                    <a
                      href={receiptPdfUrl(receipt.id)}
                      download
                      className={styles.downloadLink}
                      aria-label={t(`receipts.downloadLabel.${receipt.documentKind}`, {
                        number: receipt.receiptNumber,
                      })}
                      data-testid="receipt-download"
                    >
                      <Download aria-hidden="true" />
                      {t('receipts.pdf')}
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AccountSection>
  );
}
