import type { Db } from '../../db/client';

const KEY = 'maintenance';

/** What the maintenance row holds (site_settings.value). */
export type MaintenanceRow = { on: boolean; retryAfter: number; message: string | null; since: string };

export async function selectMaintenance(db: Db): Promise<MaintenanceRow | undefined> {
  const row = await db.selectFrom('site_settings').select('value').where('key', '=', KEY).executeTakeFirst();
  return row?.value as MaintenanceRow | undefined;
}

export async function upsertMaintenance(db: Db, value: MaintenanceRow, now: Date): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('site_settings')
    .values({ key: KEY, value: json, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: now }))
    .execute();
}
