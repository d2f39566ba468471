import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchResponseSchema, type SearchRequest, type SearchResponse } from '@cuewave/contract/search';
import { buildApp } from '../../app';
import { createOpenAiEmbeddings } from '../../providers/embeddings/openai-embeddings';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { catalogFactory } from '../../../test/factories';
import { jobHandlers } from '../../jobs-registry';
import { runJobsUntilIdle } from '../jobs/jobs.service';
import { systemClock } from '../../lib/clock';

/**
 * AI search through HTTP (issue 13): chips from the prompt, meaning through the embedded engine's
 * vectors (computed by the search.embed job), explanations, removable chips, and an OpenAI-compatible
 * embeddings endpoint that works, then fails in every way while standard search keeps working.
 *
 * | id           | genre / subgenre           | bpm | dur | vocal | moods              | instruments / tags      |
 * | quiet-keys   | pop / acoustic-pop         |  76 | 100 | no    | chill, peaceful    | piano; vlog, travel     |
 * | campfire     | folk / indie-folk          |  92 | 150 | yes   | hopeful, peaceful  | acoustic guitar; travel |
 * | dnb-blast    | electronic / drum-and-bass | 174 | 100 | no    | energetic          | synth bass, drums       |
 * | dnb-vocal    | electronic / drum-and-bass | 172 | 100 | yes   | energetic          | synth bass, drums       |
 * | dnb-long     | electronic / drum-and-bass | 170 | 260 | no    | energetic          | synth bass, drums       |
 * | party-pop    | pop / dance-pop            | 126 | 140 | yes   | happy, energetic   | synth; party            |
 * | dark-drone   | cinematic / suspense       |  60 | 200 | no    | dark, tense        | strings, drone          |
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
  const f = catalogFactory(ctx.db, ctx.storage);
  await f.genre('Pop');
  await f.subgenre('pop', 'Acoustic Pop');
  await f.subgenre('pop', 'Dance Pop');
  await f.genre('Folk & Acoustic', { id: 'folk' });
  await f.subgenre('folk', 'Indie Folk');
  await f.genre('Electronic');
  await f.subgenre('electronic', 'Drum & Bass', { id: 'drum-and-bass' });
  await f.genre('Cinematic');
  await f.subgenre('cinematic', 'Suspense');
  for (const m of ['Chill', 'Peaceful', 'Hopeful', 'Energetic', 'Happy', 'Dark', 'Tense']) await f.mood(m);
  for (const t of ['vlog', 'travel', 'party', 'drone']) await f.tag(t);
  const track = (spec: Parameters<typeof f.product>[0]) => f.product({ files: true, ...spec });
  await track({
    id: 'quiet-keys',
    title: 'Quiet Keys',
    subgenres: ['acoustic-pop'],
    moods: ['chill', 'peaceful'],
    tags: ['vlog', 'travel'],
    instruments: ['piano'],
    description: 'A soft, slow piano piece at 76 BPM in C major; instrumental.',
    bpm: 76,
    duration: 100,
  });
  await track({
    id: 'campfire',
    title: 'Campfire Roads',
    subgenres: ['indie-folk'],
    moods: ['hopeful', 'peaceful'],
    tags: ['travel'],
    instruments: ['acoustic guitar'],
    description: 'A warm acoustic guitar song for journeys, with vocals.',
    bpm: 92,
    duration: 150,
    vocal: true,
  });
  for (const [id, vocal, duration, bpm] of [
    ['dnb-blast', false, 100, 174],
    ['dnb-vocal', true, 100, 172],
    ['dnb-long', false, 260, 170],
  ] as const) {
    await track({
      id,
      title: `Rush ${id}`,
      subgenres: ['drum-and-bass'],
      moods: ['energetic'],
      instruments: ['synth bass', 'drums'],
      description: 'A fast drum and bass track with breakbeats.',
      bpm,
      duration,
      vocal,
    });
  }
  await track({
    id: 'party-pop',
    title: 'Confetti',
    subgenres: ['dance-pop'],
    moods: ['happy', 'energetic'],
    tags: ['party'],
    instruments: ['synth'],
    description: 'A bright, upbeat dance pop song with vocals.',
    bpm: 126,
    duration: 140,
    vocal: true,
  });
  await track({
    id: 'dark-drone',
    title: 'Undertow',
    subgenres: ['suspense'],
    moods: ['dark', 'tense'],
    tags: ['drone'],
    instruments: ['strings'],
    description: 'A slow, dark suspense score with low strings and a drone.',
    bpm: 60,
    duration: 200,
  });
  // The first search loads the index, sees new products and enqueues their embedding.
  await ctx.app.inject({ method: 'POST', url: '/api/v1/product/search', payload: { prompt: '' } });
  await ctx.runJobs();
}, 180_000);

afterAll(() => ctx?.close());

async function ai(body: Omit<SearchRequest, 'engine'>, query = ''): Promise<SearchResponse> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/product/search${query}`,
    payload: { ...body, engine: 'ai' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return searchResponseSchema.parse(res.json());
}
const idsOf = (r: SearchResponse) => r.items.map((p) => p.id);

describe('AI search', () => {
  it('turns filter words into chips and hard filters', async () => {
    const r = await ai({ prompt: 'fast drum and bass without vocals under two minutes' });
    expect(r.chips.map((c) => c.kind).sort()).toEqual(['duration', 'instrumental', 'subgenre', 'tempo']);
    expect(idsOf(r)).toEqual(['dnb-blast']);
    expect(r.count).toBe(1);
    expect(r.explanations['dnb-blast']!.chips.length).toBeGreaterThanOrEqual(3);
  });

  it('removing a chip (ignore) lifts its filter', async () => {
    const full = await ai({ prompt: 'fast drum and bass without vocals' });
    const vocalChip = full.chips.find((c) => c.kind === 'instrumental')!;
    expect(idsOf(full).sort()).toEqual(['dnb-blast', 'dnb-long']);
    const lifted = await ai({ prompt: 'fast drum and bass without vocals', ignore: [vocalChip.id] });
    expect(idsOf(lifted).sort()).toEqual(['dnb-blast', 'dnb-long', 'dnb-vocal']);
    expect(lifted.chips.map((c) => c.id)).not.toContain(vocalChip.id);
  });

  it('matches by meaning: "relaxing" finds calm tracks, "upbeat" happy ones, and says why', async () => {
    const relaxing = await ai({ prompt: 'something relaxing' });
    expect(['quiet-keys', 'campfire']).toContain(idsOf(relaxing)[0]);
    expect(idsOf(relaxing).indexOf('dnb-blast')).not.toBe(0);
    const why = relaxing.explanations[idsOf(relaxing)[0]!]!;
    expect(why.closest.length).toBeGreaterThan(0);
    expect(why.score).toBeGreaterThan(0);

    const upbeat = await ai({ prompt: 'upbeat' });
    expect(idsOf(upbeat)[0]).toBe('party-pop');
  });

  it('reads English descriptive prompts and Polish ones', async () => {
    const en = await ai({ prompt: 'calm acoustic guitar for a travel vlog' });
    expect(idsOf(en).slice(0, 2).sort()).toEqual(['campfire', 'quiet-keys']);
    expect(en.explanations.campfire!.chips).toContain('instrument:acousticguitar');
    const pl = await ai({ prompt: 'spokojna muzyka z pianinem do reklamy' });
    expect(pl.chips.map((c) => c.label)).toContain('Pianino');
    expect(idsOf(pl)[0]).toBe('quiet-keys');
    const spooky = await ai({ prompt: 'mroczna muzyka do horroru' });
    expect(idsOf(spooky)[0]).toBe('dark-drone');
  });

  it('also matches the words themselves: typos, titles and words the vocabulary does not know', async () => {
    expect(idsOf(await ai({ prompt: 'pianno' }))[0]).toBe('quiet-keys');
    expect(idsOf(await ai({ prompt: 'undertow' }))[0]).toBe('dark-drone');
    expect(idsOf(await ai({ prompt: 'breakbeats' }))[0]).toMatch(/^dnb-/);
  });

  it('keeps to the music / sound effects switch when the prompt names the other type', async () => {
    const music = await ai({ prompt: 'happy sound effects for a party' });
    expect(music.items.every((p) => p.type === 'music')).toBe(true);
    expect(music.chips.map((c) => c.kind)).not.toContain('type');
    expect(idsOf(music)[0]).toBe('party-pop');
  });

  it('combines the request filters with the prompt, sorts within the best 100, and pages by 30', async () => {
    const r = await ai({ prompt: 'energetic', instrumentalOnly: true, sort: 'duration_desc' });
    expect(idsOf(r)).toEqual(['dnb-long', 'dnb-blast']);
    expect(r.facets.vocal).toEqual({ vocal: 0, instrumental: 2 });
    const page = await ai({ prompt: 'energetic' }, '?skip=0&limit=2');
    expect(page.items).toHaveLength(2);
    expect(page.count).toBeGreaterThanOrEqual(4);
  });

  it('never comes back empty-handed: chips that together match nothing rank by how many each product passes', async () => {
    // no drum and bass track is slow; one has vocals, so it passes two of the three chips
    const r = await ai({ prompt: 'slow drum and bass with vocals' });
    expect(r.chips.map((c) => c.kind).sort()).toEqual(['subgenre', 'tempo', 'vocal']);
    expect(idsOf(r)[0]).toBe('dnb-vocal');
    expect(r.explanations['dnb-vocal']!.chips).toHaveLength(2);
    expect(r.items.length).toBeGreaterThan(3);
    // the user's own filters are never relaxed
    expect(idsOf(await ai({ prompt: 'slow drum and bass with vocals', vocalOnly: true })).sort()).toEqual([
      'campfire',
      'dnb-vocal',
      'party-pop',
    ]);
  });

  it('an empty AI prompt is a filtered listing; nonsense and markup find nothing and do not fail', async () => {
    expect((await ai({ prompt: '' })).count).toBe(7);
    expect((await ai({ prompt: 'qwzx vbnm' })).items).toBeDefined();
    expect((await ai({ prompt: '<script>alert(1)</script>' })).items).toBeDefined();
    expect((await ai({ prompt: "'; DROP TABLE products; --" })).items).toBeDefined();
    expect((await ai({ prompt: '' })).count).toBe(7);
  });
});

/**
 * A stand-in for an OpenAI-compatible /v1/embeddings: a bag-of-words hash into 16 dimensions when
 * healthy; down, slow, wrong-sized or garbage when told so.
 */
function embeddingsServer() {
  let mode: 'ok' | 'slow' | 'wrong-size' | 'garbage' | 'error' = 'ok';
  const vector = (text: string) => {
    const v = new Array<number>(16).fill(0);
    for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
      let h = 0;
      for (const ch of word) h = (h * 31 + ch.charCodeAt(0)) % 16;
      v[h]! += 1;
    }
    return v;
  };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (mode === 'slow') return; // never answers: the client's timeout must fire
      if (mode === 'error') return res.writeHead(500).end('{"error":"boom"}');
      if (mode === 'garbage') return res.writeHead(200, { 'content-type': 'application/json' }).end('not json');
      const input = (JSON.parse(body) as { input: string[] }).input;
      const data = input.map((text, index) => ({
        index,
        embedding: mode === 'wrong-size' ? [1, 2, 3] : vector(text),
      }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data }));
    });
  });
  return {
    server,
    setMode: (m: typeof mode) => (mode = m),
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
  };
}

describe('an OpenAI-compatible embeddings endpoint', () => {
  it('re-embeds the catalogue when the model changes, answers AI search, and fails clearly (503) while standard search works', async () => {
    const stand = embeddingsServer();
    const url = await stand.listen();
    try {
      const embeddings = createOpenAiEmbeddings({ url, model: 'stand-in', timeoutMs: 500 });
      // A second app on the same database with the other provider: as if the operator switched models.
      const providers = { ...ctx.providers, embeddings };
      const app = await buildApp({
        db: ctx.db,
        storage: ctx.storage,
        clock: systemClock,
        providers,
        config: ctx.config,
      });
      try {
        await app.inject({ method: 'POST', url: '/api/v1/product/search', payload: { prompt: '' } });
        await runJobsUntilIdle(
          { db: ctx.db, clock: systemClock },
          jobHandlers({ db: ctx.db, storage: ctx.storage, clock: systemClock, providers, config: ctx.config }),
        );
        const models = await ctx.db.selectFrom('product_embeddings').select('model').distinct().execute();
        expect(models.map((m) => m.model)).toEqual([embeddings.model]);

        const search = (engine: 'ai' | 'standard') =>
          app.inject({ method: 'POST', url: '/api/v1/product/search', payload: { prompt: 'piano', engine } });
        const ok = await search('ai');
        expect(ok.statusCode, ok.body).toBe(200);
        expect(searchResponseSchema.parse(ok.json()).items.map((p) => p.id)).toContain('quiet-keys');

        for (const mode of ['error', 'slow', 'wrong-size', 'garbage'] as const) {
          stand.setMode(mode);
          const down = await search('ai');
          expect(down.statusCode, `${mode}: ${down.body}`).toBe(503);
          expect(down.json()).toMatchObject({ error: 'SERVICE_UNAVAILABLE' });
          expect((down.json() as { message: string }).message).toContain('standard search still works');
          const standard = await search('standard');
          expect(standard.statusCode).toBe(200);
          expect(searchResponseSchema.parse(standard.json()).items.map((p) => p.id)).toEqual(['quiet-keys']);
        }
        stand.server.closeAllConnections();
        await new Promise<void>((resolve) => stand.server.close(() => resolve()));
        stand.setMode('ok');
        const refused = await search('ai');
        expect(refused.statusCode).toBe(503);
      } finally {
        await app.close();
      }
    } finally {
      stand.server.closeAllConnections();
      stand.server.close();
    }
  }, 60_000);
});
