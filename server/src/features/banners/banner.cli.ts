import type { BannerInput } from '@cuewave/contract/banners';
import { AppError } from '../../lib/errors';
import { systemClock } from '../../lib/clock';
import { openCliContext, runCli } from '../catalog/cli-context';
import { BANNER_USAGE, BannerUsageError, describeBanner, parseBannerArgs } from './banner-args';
import { createBanners } from './banners.service';

/**
 * npm run banner -- list | add ... | change --id ID ... | remove --id ID  (--help for the options)
 * Writes to the database the server uses (DATABASE_URL, else the embedded one in DATA_DIR; with the
 * embedded database stop the server first, PGlite has one owner, or use the operators' API
 * /api/v1/banners). Running servers see the change within BANNER_TTL_MS. Bad input: a message, exit 1.
 */
async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length === 0 || args.includes('--help') || args.includes('-h')) {
    console.log(BANNER_USAGE);
    return args.length === 0 ? 1 : 0;
  }
  // Parse before opening the database, so a typo answers at once.
  const command = parseBannerArgs(args);
  const ctx = await openCliContext();
  try {
    const banners = createBanners({ db: ctx.db, clock: systemClock });
    switch (command.kind) {
      case 'list': {
        const all = await banners.list();
        console.log(all.length ? all.map(describeBanner).join('\n') : 'No banners.');
        break;
      }
      case 'add':
        console.log(`Added ${describeBanner(await banners.create(command.input))}`);
        break;
      case 'change': {
        const current = (await banners.list()).find((b) => b.id === command.id);
        if (!current) throw new AppError('NOT_FOUND', `There is no banner ${command.id} (see list).`);
        const input: BannerInput = {
          variant: current.variant,
          coupon: current.coupon,
          edition: current.edition,
          startsAt: current.startsAt,
          endsAt: current.endsAt,
          ...command.patch,
        };
        console.log(`Changed ${describeBanner(await banners.update(command.id, input))}`);
        break;
      }
      case 'remove':
        await banners.remove(command.id);
        console.log(`Removed banner ${command.id}`);
        break;
    }
    return 0;
  } finally {
    await ctx.close();
  }
}

runCli(main, { error: BannerUsageError, text: BANNER_USAGE });
