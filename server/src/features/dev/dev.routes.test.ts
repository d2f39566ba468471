import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxItemSchema, outboxListSchema } from '@cuewave/contract/dev';
import { fixedClock } from '../../lib/clock';
import { renderEmail } from '../../providers/email/render-email';
import { createTestApp, type TestContext } from '../../../test/test-app';

describe('development mailbox API (mailbox on)', () => {
  let t: TestContext;
  const clock = fixedClock(new Date('2030-03-01T09:00:00Z'));

  beforeAll(async () => {
    t = await createTestApp({ clock, config: { mailboxEnabled: true } });
    const send = async (to: string, n: number) => {
      const content = renderEmail({
        language: 'en',
        preheader: 'p',
        heading: `Message ${n}`,
        paragraphs: [`Body ${n}`],
        code: '123456',
      });
      await t.providers.email.send({ to, subject: `Subject ${n}`, template: 'verify-email', ...content });
      clock.advance(1000);
    };
    await send('Ann@Example.test', 1);
    await send('bob@example.test', 2);
    await t.providers.sms.send({ to: '+447700900123', text: 'Your code is 654321', template: 'verify-phone' });
    clock.advance(1000);
    await send('ann@example.test', 3);
  });
  afterAll(() => t.close());

  const list = async (query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox${query}` });
    expect(res.statusCode).toBe(200);
    return outboxListSchema.parse(res.json()).items;
  };

  it('lists every message newest first, uncached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(res.headers['cache-control']).toBe('no-store');
    const items = await list();
    expect(items.map((i) => i.subject ?? i.text)).toEqual([
      'Subject 3',
      'Your code is 654321',
      'Subject 2',
      'Subject 1',
    ]);
    expect(items[0]).toMatchObject({
      channel: 'email',
      recipient: 'ann@example.test',
      template: 'verify-email',
      createTS: '2030-03-01T09:00:03.000Z',
    });
    expect(items[0]!.html).toContain('Message 3');
    expect(items[0]!.text).toContain('Body 3');
    expect(items[1]).toMatchObject({ channel: 'sms', recipient: '+447700900123', subject: null, html: null });
  });

  it('filters by recipient (case-insensitive), channel, and limits', async () => {
    expect((await list('?to=ANN@example.test')).map((i) => i.subject)).toEqual(['Subject 3', 'Subject 1']);
    expect((await list('?channel=sms')).map((i) => i.recipient)).toEqual(['+447700900123']);
    expect(await list('?to=bob@example.test&channel=sms')).toEqual([]);
    expect((await list('?limit=2')).map((i) => i.subject ?? i.channel)).toEqual(['Subject 3', 'sms']);
    expect(await list('?to=nobody@example.test')).toEqual([]);
  });

  it('validates the query', async () => {
    for (const query of ['?limit=0', '?limit=201', '?limit=ten', '?channel=fax']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toBe('VALIDATION_FAILED');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/outbox?limit=200' })).statusCode).toBe(200);
  });

  it('returns one message by id, and 404 for unknown or malformed ids', async () => {
    const [latest] = await list();
    const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox/${latest!.id}` });
    expect(res.statusCode).toBe(200);
    expect(outboxItemSchema.parse(res.json())).toEqual(latest);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const missing = await t.app.inject({ method: 'GET', url: `/api/dev/outbox/${id}` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ error: 'NOT_FOUND' });
    }
  });
});

describe('development mailbox API: only the machine operator reads it', () => {
  let t: TestContext;
  let messageId: string;
  beforeAll(async () => {
    t = await createTestApp({ config: { mailboxEnabled: true } });
    const content = renderEmail({
      language: 'en',
      preheader: 'p',
      heading: 'Reset',
      paragraphs: ['Reset it'],
      code: '424242',
    });
    await t.providers.email.send({
      to: 'victim@example.test',
      subject: 'Reset your password',
      template: 'x',
      ...content,
    });
    messageId = (await t.db.selectFrom('outbox_messages').select('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t.close());

  type Client = { remoteAddress?: string; headers?: Record<string, string> };
  const get = (url: string, client: Client) =>
    t.app.inject({ method: 'GET', url, remoteAddress: client.remoteAddress, headers: client.headers });

  const outsiders: Array<[string, Client]> = [
    ['a direct client from another address', { remoteAddress: '203.0.113.5' }],
    ['a direct IPv6 client', { remoteAddress: '2001:db8::7' }],
    [
      'a LAN client that claims to be forwarded for loopback',
      { remoteAddress: '192.168.1.20', headers: { 'x-forwarded-for': '127.0.0.1' } },
    ],
    [
      'a visitor forwarded by a reverse proxy on this machine',
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.5' } },
    ],
    [
      'a visitor behind two proxies, the last one local',
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.5, 127.0.0.1' } },
    ],
    [
      'a visitor who prepends a loopback hop',
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '127.0.0.1, 203.0.113.5' } },
    ],
    ['a visitor named by Forwarded', { remoteAddress: '::1', headers: { forwarded: 'for=198.51.100.4;proto=https' } }],
    ['a visitor named by X-Real-IP', { remoteAddress: '127.0.0.1', headers: { 'x-real-ip': '198.51.100.4' } }],
    [
      'a forwarded hop the proxy could not name',
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': 'unknown' } },
    ],
  ];

  it.each(outsiders)(
    '%s gets the 404 of a path with no route, for the list and a real message',
    async (_who, client) => {
      const missing = await get('/api/dev/no-such-route', client);
      for (const path of [
        '/api/dev/outbox',
        '/api/dev/outbox?to=victim@example.test',
        `/api/dev/outbox/${messageId}`,
      ]) {
        const res = await get(path, client);
        expect(res.statusCode, path).toBe(404);
        expect(res.json(), path).toEqual({ error: 'NOT_FOUND', message: `No route for GET ${path.split('?')[0]}` });
        expect(res.body).not.toContain('424242');
        expect(res.body).not.toContain('victim@example.test');
        expect(res.headers['content-type']).toBe(missing.headers['content-type']);
      }
    },
  );

  it('answers an outsider 404 even for a query the operator would be told is invalid', async () => {
    const res = await get('/api/dev/outbox?limit=0', { remoteAddress: '203.0.113.5' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('NOT_FOUND');
  });

  const operators: Array<[string, Client]> = [
    ['the operator over IPv4 loopback', { remoteAddress: '127.0.0.1' }],
    ['the operator over IPv6 loopback', { remoteAddress: '::1' }],
    ['the operator over an IPv4-mapped loopback socket', { remoteAddress: '::ffff:127.0.0.1' }],
    [
      'server rendering relaying a visitor on this machine',
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '127.0.0.1' } },
    ],
    [
      'a local proxy relaying a local visitor',
      { remoteAddress: '127.0.0.1', headers: { forwarded: 'for="[::1]:52100"', 'x-real-ip': '127.0.0.1' } },
    ],
  ];

  it.each(operators)('%s reads the codes', async (_who, client) => {
    const res = await get('/api/dev/outbox?to=victim@example.test', client);
    expect(res.statusCode).toBe(200);
    expect(outboxListSchema.parse(res.json()).items[0]!.text).toContain('424242');
    expect((await get(`/api/dev/outbox/${messageId}`, client)).statusCode).toBe(200);
  });

  it('leaves the mailbox out of the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: object };
    expect(Object.keys(doc.paths).filter((path) => path.startsWith('/api/dev'))).toEqual([]);
  });
});

describe('development mailbox API (mailbox off)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ config: { mailboxEnabled: false } });
    await t.providers.email.send({ to: 'ann@example.test', subject: 's', text: 't', html: '<p>t</p>', template: 'x' });
  });
  afterAll(() => t.close());

  it('answers 404 NOT_FOUND for the list and for a real message id', async () => {
    const listRes = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(listRes.statusCode).toBe(404);
    expect(listRes.json()).toEqual({ error: 'NOT_FOUND', message: 'No route for GET /api/dev/outbox' });
    const row = await t.db.selectFrom('outbox_messages').select('id').executeTakeFirstOrThrow();
    const one = await t.app.inject({ method: 'GET', url: `/api/dev/outbox/${row.id}` });
    expect(one.statusCode).toBe(404);
    expect(one.json().error).toBe('NOT_FOUND');
    expect(one.body).not.toContain('ann@example.test');
  });
});
