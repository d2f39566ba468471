import { parseArgs } from 'node:util';
import { ConfigError } from '../../env';
import { openCliContext, userPath } from './cli-context';
import { formatReport, ingestFolder } from './ingest.service';
import { ManifestError } from './manifest';

/**
 * npm run catalog:ingest -- <folder> [--concurrency N]
 * Exit 0 when the run worked (even if some files were skipped); 1 for an unreadable manifest or bad
 * arguments; 2 for anything else; 3 when no track was imported (every one skipped, or none listed), so a
 * script that ingests a folder of the wrong files does not carry on as if it had worked. With the embedded database, stop the server first (PGlite has one owner).
 */
async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { concurrency: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help || positionals.length !== 1) {
    console.error('usage: npm run catalog:ingest -- <folder> [--concurrency N]');
    return values.help ? 0 : 1;
  }
  const concurrency = values.concurrency === undefined ? undefined : Number(values.concurrency);
  if (concurrency !== undefined && !(Number.isInteger(concurrency) && concurrency >= 1 && concurrency <= 8)) {
    console.error('--concurrency must be a whole number from 1 to 8');
    return 1;
  }
  const folder = userPath(positionals[0]!);
  const ctx = await openCliContext();
  try {
    let lastShown = 0;
    const report = await ingestFolder(ctx, folder, {
      concurrency,
      log: (line) => console.log(line),
      onProgress: (done, total) => {
        if (done === total || Date.now() - lastShown > 2000) {
          lastShown = Date.now();
          console.log(`  ${done}/${total} tracks`);
        }
      },
    });
    console.log(formatReport(report));
    if (report.added.length + report.updated.length + report.unchanged.length === 0) {
      console.error('Ingest imported nothing: no track in the folder could be used (see the reasons above).');
      return 3;
    }
    return 0;
  } finally {
    await ctx.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ManifestError || error instanceof ConfigError) {
      console.error(`Ingest failed: ${error.message}`);
      process.exit(1);
    }
    console.error(error);
    process.exit(2);
  },
);
