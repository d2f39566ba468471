import { systemClock } from '../../lib/clock';
import { openCliContext, runCli } from '../catalog/cli-context';
import { COUPON_USAGE, CouponUsageError, describeCoupon, parseCouponArgs } from './coupon-args';
import { createCoupon } from './pricing.service';

/**
 * npm run coupon:create -- --code SPRING20 --percent 20 [--plans a,b] [--periods month,year]
 *   [--expires 2027-01-01] [--first-purchase]      (or --amount 5.00 --currency pln for a fixed discount)
 * Writes to the database the server uses (DATABASE_URL, else the embedded one in DATA_DIR; stop the
 * server first with the embedded database: PGlite has one owner). Bad input: a message and exit 1.
 */
async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(COUPON_USAGE);
    return 0;
  }
  // Parse before opening the database, so a typo answers at once.
  const coupon = parseCouponArgs(args, systemClock.now());
  const ctx = await openCliContext();
  try {
    const created = await createCoupon({ db: ctx.db, clock: systemClock }, coupon);
    console.log(`Created coupon ${describeCoupon(created)}`);
    return 0;
  } finally {
    await ctx.close();
  }
}

runCli(main, { error: CouponUsageError, text: COUPON_USAGE });
