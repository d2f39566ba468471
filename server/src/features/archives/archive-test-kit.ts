import { createHash, randomBytes } from 'node:crypto';
import type { ArchiveFormat } from '@cuewave/contract/archives';
import type { UserPlaylist } from '@cuewave/contract/playlists';
import { expect } from 'vitest';
import { accountFactory, catalogFactory } from '../../../test/factories';
import { sessionFor } from '../../../test/auth-helpers';
import type { TestContext } from '../../../test/test-app';
import type { Clock } from '../../lib/clock';

/** Shared set-up of the archive tests: subscribers, catalogue tracks, their playlists and stored renditions. */

export type Auth = { authorization: string };
export type User = { id: string; auth: () => Promise<Auth> };

export async function subscriber(ctx: TestContext, clock: Clock, opts: { plan?: boolean } = {}): Promise<User> {
  const factory = accountFactory(ctx.db);
  const account = await factory.account({ confirmedEmail: true, phone: '+48601234567', confirmedPhone: true });
  if (opts.plan !== false) {
    await factory.subscription(account.id, { plan: 'trial', payPeriod: null, currency: null, startedAt: clock.now() });
  }
  return { id: account.id, auth: async () => (await sessionFor(ctx.db, account.id, clock)).auth };
}

/** A user's playlist made through the playlists API (so ownership and visibility are the real ones). */
export async function playlistOf(
  ctx: TestContext,
  user: User,
  spec: { name: string; items: string[]; public?: boolean },
): Promise<UserPlaylist> {
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/playlist',
    headers: await user.auth(),
    payload: { name: spec.name, public: spec.public ?? false },
  });
  expect(created.statusCode, created.body).toBe(201);
  const { id } = created.json<UserPlaylist>();
  const updated = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/playlist/${id}`,
    headers: await user.auth(),
    payload: { items: spec.items },
  });
  expect(updated.statusCode, updated.body).toBe(200);
  return updated.json<UserPlaylist>();
}

export type Rendered = Record<string, Buffer>;

/**
 * Stores a rendition of each of the product's downloadable files (master, stems) as ensureRendition
 * would, with random bytes of `size`, and returns them by product file type, so a zip can be
 * compared byte for byte without running the encoder.
 */
export async function storeRenditions(
  ctx: TestContext,
  productId: string,
  format: ArchiveFormat,
  size = 2048,
): Promise<Rendered> {
  const sources = await ctx.db
    .selectFrom('product_files')
    .select(['type', 'file_id'])
    .where('product_id', '=', productId)
    .where('type', 'in', ['master', 'stem_bass', 'stem_instruments'])
    .execute();
  const out: Rendered = {};
  for (const source of sources) {
    const bytes = randomBytes(size);
    const id = randomBytes(12).toString('base64url');
    const key = `renditions/${source.file_id}.${format}`;
    await ctx.storage.putBuffer(key, bytes);
    await ctx.db
      .insertInto('files')
      .values({
        id,
        storage_key: key,
        mime: format === 'mp3' ? 'audio/mpeg' : 'audio/wav',
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        public: false,
      })
      .execute();
    await ctx.db.insertInto('renditions').values({ source_file_id: source.file_id, format, file_id: id }).execute();
    out[source.type] = bytes;
  }
  return out;
}

/** Catalogue tracks with stored renditions in `format`. */
export async function tracksWithRenditions(
  ctx: TestContext,
  specs: Array<{ title: string; artist?: string; vocal?: boolean; type?: 'music' | 'sfx' }>,
  format: ArchiveFormat,
): Promise<Array<{ id: string; files: Rendered }>> {
  const catalog = catalogFactory(ctx.db, ctx.storage);
  const out = [];
  for (const spec of specs) {
    const id = await catalog.product(spec);
    out.push({ id, files: await storeRenditions(ctx, id, format) });
  }
  return out;
}

export type ParsedEvent = { event: string; data: Record<string, unknown> };

/** The events of a whole text/event-stream body (comments and the retry field skipped). */
export function parseEvents(body: string): ParsedEvent[] {
  return body
    .split('\n\n')
    .map((block) => {
      let event = 'message';
      let data: string | null = null;
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('data: ')) data = line.slice(6);
      }
      return data === null ? null : { event, data: JSON.parse(data) as Record<string, unknown> };
    })
    .filter((e): e is ParsedEvent => e !== null);
}
