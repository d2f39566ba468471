import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/client';
import type { PaymentMethodsTable, PaymentsTable } from '../../db/schema';

export type PaymentMethodRow = Selectable<PaymentMethodsTable>;
export type PaymentRow = Selectable<PaymentsTable>;

const METHOD_COLUMNS = [
  'id',
  'account_id',
  'provider',
  'provider_ref',
  'brand',
  'last4',
  'exp_month',
  'exp_year',
  'fingerprint',
  'is_default',
  'created_at',
] as const;

export const PAYMENT_COLUMNS = [
  'id',
  'account_id',
  'subscription_id',
  'payment_method_id',
  'provider',
  'provider_ref',
  'idempotency_key',
  'status',
  'failure_code',
  'description',
  'currency',
  'price',
  'tax',
  'total',
  'tax_percentage',
  'buyer',
  'receipt_number',
  'document_kind',
  'invoice_number',
  'list_price',
  'coupon_code',
  'coupon_percent',
  'coupon_discount',
  'upgrade_credit',
  'created_at',
  'updated_at',
] as const;

// Namespaces of pg_advisory_xact_lock(int, int): the second number is the account hash or the year.
const METHODS_LOCK = 0x43570001;
const RECEIPT_LOCK = 0x43570002;
// The second number is year × 100 + month.
const INVOICE_LOCK = 0x43570003;

/**
 * Serialises card changes of one account until the transaction ends: two saves of the first card
 * cannot both make it the default, two saves of the same card cannot both insert it.
 */
export async function lockAccountMethods(trx: Db, accountId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(${METHODS_LOCK}::int, hashtext(${accountId}))`.execute(trx);
}

/** The account's cards: the default first, then the newest first. */
export async function selectMethods(db: Db, accountId: string): Promise<PaymentMethodRow[]> {
  return db
    .selectFrom('payment_methods')
    .select(METHOD_COLUMNS)
    .where('account_id', '=', accountId)
    .orderBy('is_default', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function selectMethod(db: Db, accountId: string, id: string): Promise<PaymentMethodRow | undefined> {
  return db
    .selectFrom('payment_methods')
    .select(METHOD_COLUMNS)
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function selectDefaultMethod(db: Db, accountId: string): Promise<PaymentMethodRow | undefined> {
  return db
    .selectFrom('payment_methods')
    .select(METHOD_COLUMNS)
    .where('account_id', '=', accountId)
    .where('is_default', '=', true)
    .executeTakeFirst();
}

export async function selectMethodByFingerprint(
  db: Db,
  accountId: string,
  fingerprint: string,
): Promise<PaymentMethodRow | undefined> {
  return db
    .selectFrom('payment_methods')
    .select(METHOD_COLUMNS)
    .where('account_id', '=', accountId)
    .where('fingerprint', '=', fingerprint)
    .orderBy('created_at', 'asc')
    .executeTakeFirst();
}

export async function insertMethod(db: Db, values: Insertable<PaymentMethodsTable>): Promise<PaymentMethodRow> {
  return db.insertInto('payment_methods').values(values).returning(METHOD_COLUMNS).executeTakeFirstOrThrow();
}

export async function deleteMethodRow(db: Db, accountId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('payment_methods')
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Makes one card the default; the old default is cleared first (one default per account, unique index). */
export async function setDefaultMethodRow(db: Db, accountId: string, id: string): Promise<void> {
  await db
    .updateTable('payment_methods')
    .set({ is_default: false })
    .where('account_id', '=', accountId)
    .where('is_default', '=', true)
    .where('id', '!=', id)
    .execute();
  await db
    .updateTable('payment_methods')
    .set({ is_default: true })
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .execute();
}

export async function selectPaymentByKey(db: Db, idempotencyKey: string): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .select(PAYMENT_COLUMNS)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

export async function selectPayment(db: Db, accountId: string, id: string): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .select(PAYMENT_COLUMNS)
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A subscription's payments still waiting for the cardholder's confirmation step. */
export async function selectWaitingPayments(db: Db, subscriptionId: string): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .select(PAYMENT_COLUMNS)
    .where('subscription_id', '=', subscriptionId)
    .where('status', '=', 'requires_action')
    .execute();
}

/** The account's newest payment for a subscription, or newest one-off payment (no subscription). */
export async function selectLatestPayment(
  db: Db,
  accountId: string,
  kind: 'subscription' | 'one-off',
): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .select(PAYMENT_COLUMNS)
    .where('account_id', '=', accountId)
    .where('subscription_id', kind === 'subscription' ? 'is not' : 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('updated_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Inserts the payment unless its idempotency key exists; undefined when it does. A concurrent insert
 * of the same key waits for the first to commit and then inserts nothing.
 */
export async function insertPaymentIfNew(db: Db, values: Insertable<PaymentsTable>): Promise<PaymentRow | undefined> {
  return db
    .insertInto('payments')
    .values(values)
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning(PAYMENT_COLUMNS)
    .executeTakeFirst();
}

/** Records a provider's answer, only while the payment is still in one of `from` (first answer wins). */
export async function updatePaymentOutcome(
  db: Db,
  id: string,
  from: ReadonlyArray<PaymentRow['status']>,
  values: {
    status: PaymentRow['status'];
    providerRef: string | null;
    failureCode: string | null;
    receiptNumber: string | null;
    invoiceNumber: string | null;
    now: Date;
  },
): Promise<PaymentRow | undefined> {
  return db
    .updateTable('payments')
    .set({
      status: values.status,
      provider_ref: values.providerRef,
      failure_code: values.failureCode,
      receipt_number: values.receiptNumber,
      invoice_number: values.invoiceNumber,
      updated_at: values.now,
    })
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .returning(PAYMENT_COLUMNS)
    .executeTakeFirst();
}

/** Marks an in-flight payment as being driven now, so a parallel retry does not call the provider too. */
export async function touchPendingPayment(db: Db, id: string, staleBefore: Date, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('updated_at', '<', staleBefore)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * The next receipt number of `year` (max + 1). Takes a transaction-level advisory lock per year, so
 * two payments succeeding at once queue here until the first commits: numbers are gap-free and never
 * repeat. Call it inside the transaction that stores the number.
 */
export async function nextReceiptSequence(trx: Db, year: number): Promise<number> {
  await sql`select pg_advisory_xact_lock(${RECEIPT_LOCK}::int, ${year}::int)`.execute(trx);
  const prefix = `CW-${year}-`;
  const row = await trx
    .selectFrom('payments')
    .select(sql<number | null>`max(split_part(receipt_number, '-', 3)::int)`.as('n'))
    .where('receipt_number', 'like', `${prefix}%`)
    .executeTakeFirst();
  return Number(row?.n ?? 0) + 1;
}

/**
 * The next VAT invoice number of a UTC month (decision 052): its own series, max + 1 under a lock per
 * month, exactly like receipts, so invoice numbers are gap-free and never repeat.
 */
export async function nextInvoiceSequence(trx: Db, year: number, month: number): Promise<number> {
  await sql`select pg_advisory_xact_lock(${INVOICE_LOCK}::int, ${year * 100 + month}::int)`.execute(trx);
  const prefix = `FV/${year}/${String(month).padStart(2, '0')}/`;
  const row = await trx
    .selectFrom('payments')
    .select(sql<number | null>`max(split_part(invoice_number, '/', 4)::int)`.as('n'))
    .where('invoice_number', 'like', `${prefix}%`)
    .executeTakeFirst();
  return Number(row?.n ?? 0) + 1;
}
