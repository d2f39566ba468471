import { randomBytes } from 'node:crypto';
import type { Db } from '../../../db/client';
import type { SoundDescriptor } from '../../../audio/descriptor.types';

export type StoredReference = { kind: 'sound'; descriptor: SoundDescriptor } | { kind: 'text'; text: string };

/** A new reference row (expired rows are swept on the way) → its id, `ref_` + 128 random bits. */
export async function insertReference(db: Db, value: StoredReference, now: Date, ttlMs: number): Promise<string> {
  const id = `ref_${randomBytes(16).toString('base64url')}`;
  await db.deleteFrom('search_references').where('expires_at', '<=', now).execute();
  await db
    .insertInto('search_references')
    .values({
      id,
      kind: value.kind,
      descriptor: value.kind === 'sound' ? JSON.stringify(value.descriptor) : null,
      search_text: value.kind === 'text' ? value.text : null,
      created_at: now,
      expires_at: new Date(now.getTime() + ttlMs),
    })
    .execute();
  return id;
}

/** The live references among these ids (expired and unknown ones are left out). */
export async function selectReferences(db: Db, ids: string[], now: Date): Promise<Map<string, StoredReference>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('search_references')
    .select(['id', 'kind', 'descriptor', 'search_text'])
    .where('id', 'in', ids)
    .where('expires_at', '>', now)
    .execute();
  const out = new Map<string, StoredReference>();
  for (const row of rows) {
    if (row.kind === 'sound' && row.descriptor) out.set(row.id, { kind: 'sound', descriptor: row.descriptor });
    if (row.kind === 'text' && row.search_text !== null) out.set(row.id, { kind: 'text', text: row.search_text });
  }
  return out;
}
