import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './client';
import { migrations } from './migrations/index';

/** Committed, forward-only migrations listed in migrations/index.ts, applied in name order on start. */
class StaticMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

export async function migrateToLatest(db: Db): Promise<void> {
  // Work in parallel can number migrations out of the order they reach a database (0019 applied, then
  // 0018 lands); each creates its own tables, so a late lower number is applied rather than refused.
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider(), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${String(error instanceof Error ? error.message : error)}`);
  }
}
