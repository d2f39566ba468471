import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  productNoteSchema,
  productNotesSchema,
  type ProductNotes,
  type UserPlaylist,
} from '@cuewave/contract/playlists';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { accountFactory, catalogFactory } from '../../../test/factories';
import { sessionFor } from '../../../test/auth-helpers';
import { fixedClock } from '../../lib/clock';

const clock = fixedClock(new Date('2030-06-01T08:00:00Z'));
let ctx: TestContext;
type Auth = { authorization: string };

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  const f = catalogFactory(ctx.db);
  for (const id of ['alpha', 'bravo', 'charlie']) await f.product({ id, files: false });
});
afterAll(() => ctx.close());

async function user(): Promise<{ id: string; auth: Auth }> {
  const account = await accountFactory(ctx.db).account({ confirmedEmail: true });
  return { id: account.id, auth: (await sessionFor(ctx.db, account.id, clock)).auth };
}

const setNote = (auth: Auth, productId: string, note: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/product/${productId}/note`, headers: auth, payload: { note } });
const readNotes = async (auth: Auth, ids: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/product/notes?ids=${ids}`, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return productNotesSchema.parse(res.json<ProductNotes>()).notes;
};

describe('product notes', () => {
  it('a user writes, rewrites and deletes a private note on a product', async () => {
    const { id: accountId, auth } = await user();
    const res = await setNote(auth, 'alpha', '  use at 0:45  ');
    expect(res.statusCode, res.body).toBe(200);
    expect(productNoteSchema.parse(res.json())).toEqual({
      productId: 'alpha',
      note: 'use at 0:45',
      updateTS: clock.now().getTime(),
    });
    clock.advance(60_000);
    const rewritten = (await setNote(auth, 'alpha', 'use at 1:10')).json();
    expect(rewritten).toEqual({ productId: 'alpha', note: 'use at 1:10', updateTS: clock.now().getTime() });
    await setNote(auth, 'bravo', 'intro only');
    expect(await readNotes(auth, 'alpha,bravo,charlie')).toEqual({ alpha: 'use at 1:10', bravo: 'intro only' });
    const rows = await ctx.db
      .selectFrom('product_notes')
      .select('product_id')
      .where('account_id', '=', accountId)
      .execute();
    expect(rows).toHaveLength(2);

    const deleted = (await setNote(auth, 'alpha', '   ')).json();
    expect(deleted).toEqual({ productId: 'alpha', note: null, updateTS: null });
    expect(await readNotes(auth, 'alpha,bravo')).toEqual({ bravo: 'intro only' });
    // Deleting a note that is not there is fine too.
    expect((await setNote(auth, 'charlie', '')).statusCode).toBe(200);
  });

  it('another user never sees my notes, on the notes call or on a public playlist', async () => {
    const me = await user();
    const other = await user();
    await setNote(me.auth, 'alpha', 'my secret cue');
    await setNote(other.auth, 'alpha', 'their own note');
    expect(await readNotes(other.auth, 'alpha')).toEqual({ alpha: 'their own note' });

    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/playlist',
      headers: me.auth,
      payload: { name: 'Shared', public: true },
    });
    const { id } = created.json<UserPlaylist>();
    await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/playlist/${id}`,
      headers: me.auth,
      payload: { items: ['alpha', 'bravo'] },
    });

    const mine = (
      await ctx.app.inject({ method: 'GET', url: `/api/v1/playlist/${id}`, headers: me.auth })
    ).json<UserPlaylist>();
    expect(mine.notes).toEqual({ alpha: 'my secret cue' });
    const theirs = await ctx.app.inject({ method: 'GET', url: `/api/v1/playlist/${id}`, headers: other.auth });
    expect(theirs.json<UserPlaylist>().notes).toEqual({ alpha: 'their own note' });
    expect(theirs.body).not.toContain('my secret cue');
    const visitor = await ctx.app.inject({ method: 'GET', url: `/api/v1/playlist/${id}` });
    expect(visitor.json<UserPlaylist>().notes).toEqual({});
    expect(visitor.body).not.toContain('my secret cue');
  });

  it('notes on curated playlists show the caller’s own notes', async () => {
    const { auth } = await user();
    await catalogFactory(ctx.db).playlist({ name: 'Curated Picks', placement: 'homepage', products: ['charlie'] });
    await setNote(auth, 'charlie', 'for the outro');
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/playlist/curated-picks', headers: auth });
    expect(res.json<UserPlaylist>()).toMatchObject({ id: 'curated-picks', notes: { charlie: 'for the outro' } });
  });

  it('a removed product takes its notes with it', async () => {
    const { auth } = await user();
    await catalogFactory(ctx.db).product({ id: 'doomed', files: false });
    await setNote(auth, 'doomed', 'soon gone');
    await ctx.db.deleteFrom('products').where('id', '=', 'doomed').execute();
    expect(await readNotes(auth, 'doomed')).toEqual({});
    expect(await ctx.db.selectFrom('product_notes').selectAll().where('product_id', '=', 'doomed').execute()).toEqual(
      [],
    );
  });
});
