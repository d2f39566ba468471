import { parseArgs } from 'node:util';
import { ConfigError } from '../../env';
import { openCliContext } from './cli-context';
import { removeProducts } from './remove.service';

/**
 * npm run catalog:remove -- <productId> [productId...]
 * Removes the products (their audio, links and playlist places; download history and licences stay).
 * Exit 0 when every id was removed; 1 for bad arguments or an unknown id, in which case nothing is
 * removed. With the embedded database, stop the server first (PGlite has one owner).
 */
async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { help: { type: 'boolean', short: 'h' } },
  });
  const ids = positionals.map((id) => id.trim()).filter(Boolean);
  if (values.help || ids.length === 0) {
    console.error('usage: npm run catalog:remove -- <productId> [productId...]');
    return values.help ? 0 : 1;
  }
  const ctx = await openCliContext();
  try {
    const result = await removeProducts(ctx.db, ids, { storage: ctx.storage, allOrNothing: true });
    if (result.unknown.length) {
      console.error(
        `Unknown product id(s): ${result.unknown.join(', ')}. Nothing was removed; ` +
          'product ids are the last part of a track page address (/product/music/<id>).',
      );
      return 1;
    }
    console.log(
      `Removed ${result.removed.length} product(s): ${result.removed.join(', ')} ` +
        `(${result.deletedObjects} stored file(s) deleted)`,
    );
    return 0;
  } finally {
    await ctx.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    console.error(error);
    process.exit(2);
  },
);
