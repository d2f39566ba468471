import type { Db } from '../../db/client';
import { PAYMENT_COLUMNS, type PaymentRow } from './payment.repo';

/** A Stripe payment by our id (from the PaymentIntent's metadata), whoever's it is: the webhook has no account. */
export async function selectStripePayment(db: Db, paymentId: string): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .select(PAYMENT_COLUMNS)
    .where('id', '=', paymentId)
    .where('provider', '=', 'stripe')
    .executeTakeFirst();
}
