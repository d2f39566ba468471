import { parseArgs } from 'node:util';
import { ConfigError } from '../../env';
import { openCliContext } from './cli-context';
import { buildDemoCatalog, clearCatalogue } from './demo.service';
import { formatReport } from './ingest.service';

/**
 * npm run catalog:demo -- --songs N --sfx M [--seed S]
 * Replaces the catalogue with a freshly synthesised demo of the given size (defaults: DEMO_SONGS,
 * DEMO_SFX). With the embedded database, stop the server first (PGlite has one owner).
 */
async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      songs: { type: 'string' },
      sfx: { type: 'string' },
      seed: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log('usage: npm run catalog:demo -- --songs N --sfx M [--seed S]');
    return 0;
  }
  const count = (name: string, raw: string | undefined, fallback: number) => {
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 0 || n > 5000)
      throw new UsageError(`--${name} must be a whole number from 0 to 5000`);
    return n;
  };
  const ctx = await openCliContext();
  try {
    const songs = count('songs', values.songs, ctx.env.DEMO_SONGS);
    const sfx = count('sfx', values.sfx, ctx.env.DEMO_SFX);
    const seed = values.seed === undefined ? undefined : Number(values.seed);
    if (seed !== undefined && !Number.isSafeInteger(seed)) throw new UsageError('--seed must be a whole number');
    const cleared = await clearCatalogue(ctx);
    console.log(`Cleared the catalogue: ${cleared.products} products, ${cleared.files} files`);
    const result = await buildDemoCatalog({ ...ctx, log: (line) => console.log(line) }, { songs, sfx, seed });
    console.log(formatReport(result.report));
    return 0;
  } finally {
    await ctx.close();
  }
}

class UsageError extends Error {}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError || error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    console.error(error);
    process.exit(2);
  },
);
