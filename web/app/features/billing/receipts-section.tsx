import { FileText, Download } from 'lucide-react';
import { formatMoney } from '@cuewave/contract/pricing';
import type { Receipt } from '@cuewave/contract/payment';
import { EmptyState } from '../../components/ui/empty-state';
import { formatDate } from '../../lib/format';
import { AccountSection } from '../account/account-section';
import { receiptPdfUrl } from '../checkout/api';
import styles from './billing.module.css';

const KIND_LABELS: Record<Receipt['documentKind'], string> = { receipt: 'Receipt', invoice: 'VAT invoice' };

/**
 * Receipts and VAT invoices of succeeded payments, newest first, each with its PDF (seller, buyer,
 * items, discount, tax, totals). A business with a valid tax number is invoiced (decision 052).
 */
export function ReceiptsSection({ receipts }: { receipts: Receipt[] | null }) {
  return (
    <AccountSection
      title="Receipts & invoices"
      description="A receipt for every payment, or a VAT invoice when you buy as a business with a valid tax number. Each one is a PDF."
      testId="receipts"
    >
      {receipts === null ? (
        <p className={styles.muted} role="alert">
          We couldn’t load your receipts and invoices. Reload the page to try again.
        </p>
      ) : receipts.length === 0 ? (
        <EmptyState
          compact
          headingLevel={3}
          icon={<FileText />}
          title="No receipts yet"
          description="Each payment adds a receipt here."
        />
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="receipt-list">
            <caption className="visually-hidden">Receipts and invoices, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Number</th>
                <th scope="col">Document</th>
                <th scope="col">Date</th>
                <th scope="col">Description</th>
                <th scope="col" className={styles.amount}>
                  Total
                </th>
                <th scope="col">
                  <span className="visually-hidden">Download</span>
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
                    {KIND_LABELS[receipt.documentKind]}
                  </td>
                  <td data-label="Date">{formatDate(receipt.createdTS)}</td>
                  <td data-label="Description">{receipt.description}</td>
                  <td data-label="Total" className={styles.amount}>
                    {formatMoney(receipt.total, receipt.currency)}
                  </td>
                  <td className={styles.download}>
                    <a
                      href={receiptPdfUrl(receipt.id)}
                      download
                      className={styles.downloadLink}
                      aria-label={`Download PDF of ${receipt.documentKind === 'invoice' ? 'VAT invoice' : 'receipt'} ${receipt.receiptNumber}`}
                      data-testid="receipt-download"
                    >
                      <Download aria-hidden="true" />
                      PDF
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
