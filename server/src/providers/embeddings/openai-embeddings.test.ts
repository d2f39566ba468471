import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddingsUnavailableError } from './embeddings';
import { createOpenAiEmbeddings } from './openai-embeddings';

/** A stand-in for an OpenAI-compatible server; each test picks how it misbehaves by the model name. */
type Seen = { auth?: string; body: { model: string; input: string[]; dimensions?: number } };
const seen: Seen[] = [];
let server: Server;
let url = '';

function answer(req: IncomingMessage, res: ServerResponse, raw: string) {
  const body = JSON.parse(raw) as Seen['body'];
  seen.push({ auth: req.headers.authorization, body });
  const vectors = (size: number) =>
    body.input.map((text, index) => ({ index, embedding: Array.from({ length: size }, (_, i) => text.length + i) }));
  const json = (status: number, value: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(value));
  };
  switch (body.model) {
    case 'good':
      // answered out of order: the index field puts them back
      return json(200, { data: vectors(body.dimensions ?? 4).reverse() });
    case 'slow':
      return void setTimeout(() => json(200, { data: vectors(4) }), 2000);
    case 'wrong-size':
      return json(200, { data: vectors(3) });
    case 'ragged':
      return json(200, { data: vectors(4).map((d, i) => (i ? { ...d, embedding: d.embedding.slice(1) } : d)) });
    case 'bad-json':
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('{"data": [');
    case 'no-data':
      return json(200, { object: 'list', results: [] });
    case 'too-few':
      return json(200, { data: vectors(4).slice(1) });
    case 'nan':
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('{"data":[{"index":0,"embedding":["x",1,2,3]}]}');
    default:
      return json(500, { error: 'boom' });
  }
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => answer(req, res, raw));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const make = (model: string, extra: Partial<Parameters<typeof createOpenAiEmbeddings>[0]> = {}) =>
  createOpenAiEmbeddings({ url, model, timeoutMs: 500, ...extra });

describe('OpenAI-compatible embeddings', () => {
  it('posts batches to /v1/embeddings with the key and returns vectors in input order', async () => {
    const embeddings = make('good', { apiKey: 'sk-test', dimensions: 4, batchSize: 2, url: `${url}/v1/` });
    expect(embeddings.model).toBe('openai:good:4');
    const vectors = await embeddings.embed(['a', 'bb', 'ccc', ''], { kind: 'document' });
    expect(vectors.map((v) => Array.from(v))).toEqual([
      [1, 2, 3, 4],
      [2, 3, 4, 5],
      [3, 4, 5, 6],
      [1, 2, 3, 4], // an empty text is sent as one space
    ]);
    const mine = seen.filter((s) => s.body.model === 'good');
    expect(mine.map((s) => s.body.input.length)).toEqual([2, 2]);
    expect(mine[0]!.auth).toBe('Bearer sk-test');
    expect(mine[0]!.body.dimensions).toBe(4);
  });

  it.each([
    ['a server that is down', 'good', /unreachable/, () => 'http://127.0.0.1:1'],
    ['a slow server', 'slow', /did not answer within 500 ms/, undefined],
    ['vectors of the wrong size', 'wrong-size', /3 values, expected 4/, undefined],
    ['vectors of different sizes', 'ragged', /3 values, expected 4/, undefined],
    ['a body that is not JSON', 'bad-json', /not JSON/, undefined],
    ['JSON without embeddings', 'no-data', /without embeddings/, undefined],
    ['fewer vectors than texts', 'too-few', /3 vectors for 4 texts/, undefined],
    ['non-numbers in a vector', 'nan', /without embeddings/, undefined],
    ['an HTTP 500', 'error', /HTTP 500/, undefined],
  ])('turns %s into EmbeddingsUnavailableError', async (_, model, message, target) => {
    const embeddings = make(model, { dimensions: model === 'good' ? undefined : 4, url: target?.() ?? url });
    const attempt = embeddings.embed(['a', 'b', 'c', 'd'].slice(0, model === 'nan' ? 1 : 4), { kind: 'query' });
    await expect(attempt).rejects.toBeInstanceOf(EmbeddingsUnavailableError);
    await expect(
      embeddings.embed(['a', 'b', 'c', 'd'].slice(0, model === 'nan' ? 1 : 4), { kind: 'query' }),
    ).rejects.toThrow(message);
  });

  it('never puts the key in an error message and lets the caller abort', async () => {
    const down = createOpenAiEmbeddings({ url: 'http://127.0.0.1:1', apiKey: 'sk-secret', model: 'm', timeoutMs: 500 });
    await expect(down.embed(['a'], { kind: 'query' })).rejects.not.toThrow(/sk-secret/);
    const controller = new AbortController();
    const pending = make('slow', { timeoutMs: 5000 }).embed(['a'], { kind: 'query', signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow();
  });
});
