import type { Selectable } from 'kysely';
import type { Db } from '../../db/client';
import type { PaymentsTable } from '../../db/schema';

/** A receipt: a succeeded payment with its number, and the card it was charged to while that card is saved. */
export type ReceiptRow = Pick<
  Selectable<PaymentsTable>,
  | 'id'
  | 'description'
  | 'currency'
  | 'price'
  | 'tax'
  | 'total'
  | 'tax_percentage'
  | 'buyer'
  | 'created_at'
  | 'updated_at'
  | 'document_kind'
  | 'list_price'
  | 'coupon_code'
  | 'coupon_percent'
  | 'coupon_discount'
  | 'upgrade_credit'
> & {
  /** The receipt number of a receipt, the invoice number of a VAT invoice (decision 052). */
  document_number: string;
  card_brand: string | null;
  card_last4: string | null;
};

function receiptQuery(db: Db, accountId: string) {
  return (
    db
      .selectFrom('payments as p')
      .leftJoin('payment_methods as m', 'm.id', 'p.payment_method_id')
      .select([
        'p.id',
        'p.description',
        'p.currency',
        'p.price',
        'p.tax',
        'p.total',
        'p.tax_percentage',
        'p.buyer',
        'p.created_at',
        'p.updated_at',
        'p.document_kind',
        'p.list_price',
        'p.coupon_code',
        'p.coupon_percent',
        'p.coupon_discount',
        'p.upgrade_credit',
        (eb) => eb.fn.coalesce('p.invoice_number', 'p.receipt_number').as('document_number'),
        'm.brand as card_brand',
        'm.last4 as card_last4',
      ])
      .where('p.account_id', '=', accountId)
      .where('p.status', '=', 'succeeded')
      // Every succeeded payment has one of the two (charge.service); the filter keeps the type honest.
      .where((eb) => eb.or([eb('p.receipt_number', 'is not', null), eb('p.invoice_number', 'is not', null)]))
      .$narrowType<{ document_number: string }>()
  );
}

/** The account's receipts and invoices, newest first (their numbers break ties: they grow with time). */
export async function selectReceipts(db: Db, accountId: string): Promise<ReceiptRow[]> {
  return receiptQuery(db, accountId).orderBy('p.updated_at', 'desc').orderBy('document_number', 'desc').execute();
}

export async function selectReceipt(db: Db, accountId: string, paymentId: string): Promise<ReceiptRow | undefined> {
  return receiptQuery(db, accountId).where('p.id', '=', paymentId).executeTakeFirst();
}
