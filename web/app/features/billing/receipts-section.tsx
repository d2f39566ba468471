import { FileText, Download } from 'lucide-react';
import { formatMoney } from '@cuewave/contract/pricing';
import type { Receipt } from '@cuewave/contract/payment';
import { EmptyState } from '../../components/ui/empty-state';
import { formatDate } from '../../lib/format';
import { AccountSection } from '../account/account-section';
import { receiptPdfUrl } from '../checkout/api';
import styles from './billing.module.css';

/** Receipts of succeeded payments, newest first, each with its PDF (seller, buyer, items, tax, totals). */
export function ReceiptsSection({ receipts }: { receipts: Receipt[] | null }) {
  return (
    <AccountSection title="Receipts" description="A receipt for every payment, as a PDF." testId="receipts">
      {receipts === null ? (
        <p className={styles.muted} role="alert">
          We couldn’t load your receipts. Reload the page to try again.
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
            <caption className="visually-hidden">Receipts, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Number</th>
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
                      aria-label={`Download PDF of receipt ${receipt.receiptNumber}`}
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
