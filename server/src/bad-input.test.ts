import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@cuewave/contract/errors';
import { createTestApp, type TestContext } from '../test/test-app';
import { fromIp } from '../test/auth-helpers';
import { fixedClock } from './lib/clock';
import { subscriptionKit, type Auth } from './features/subscription/subscription-test-kit';

/**
 * Every route of the OpenAPI document, sent malformed input as a visitor and as a subscriber: odd
 * path parameters, odd and repeated query values, bodies of the wrong shape, broken JSON. None may
 * answer 5xx, and every 4xx carries the spec's error body. The routes come from the document, so a
 * new route is covered the day it is added.
 */

type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  minimum?: number;
  minItems?: number;
  nullable?: boolean;
  properties?: Record<string, Schema>;
  items?: Schema;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
};
type Operation = {
  parameters?: Array<{ in: string; name: string; schema?: Schema }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
type Route = { method: string; path: string; operation: Operation };

/** Values a path segment or query parameter must survive. */
const ODD_VALUES = [
  '',
  '-1',
  '0',
  '1e309',
  '99999999999999999999999',
  'NaN',
  'null',
  '%00',
  // invalid UTF-8, and a broken percent escape
  '%ED%A0%80',
  '%E0%A4%A',
  '..%2F..%2Fetc%2Fpasswd',
  encodeURIComponent("'; DROP TABLE accounts; --"),
  encodeURIComponent('Zażółć 🎵'),
  'x'.repeat(2_000),
  '00000000-0000-0000-0000-000000000000',
];

/** Bodies of the wrong shape for any route that takes JSON. */
const ODD_BODIES: unknown[] = [null, [], 'text', 42, true, {}, { nested: { deep: [1, { a: null }] } }];

/** Each field of an otherwise well-formed body, in turn: other JSON types, and extremes of its own. */
const ODD_FIELD_VALUES: unknown[] = [
  null,
  0,
  -1,
  -1.5,
  2_147_483_648,
  9_007_199_254_740_993,
  1e308,
  '',
  ' ',
  'x'.repeat(5_000),
  'Zażółć 🎵 \u202e',
  [],
  {},
  true,
  ['a', 'b'],
];

/**
 * Bodies that pass every check, for the routes where a schema's example would not (patterns, card
 * numbers, country rules): their odd-field variants then reach the services, not just the schema.
 */
const GOOD_BODIES: Record<string, object> = {
  'POST /api/v1/billing': {
    type: 'personal',
    firstName: 'Zofia',
    lastName: 'Nowak',
    city: 'Warszawa',
    postalCode: '00-950',
    line1: 'ul. Marszałkowska 1',
    country: 'PL',
  },
  'POST /api/v1/payment/sandbox/tokens': {
    number: '4242424242424242',
    expMonth: 12,
    expYear: 2030,
    cvc: '123',
    name: 'Zofia Nowak',
  },
  'POST /api/v1/subscription/channels': { type: 'youtube', url: 'https://www.youtube.com/@fuzz' },
  'POST /api/v1/subscription/downgrade/{plan}/{period}': { channels: [] },
  'POST /api/v1/enterprise/contact': {
    name: 'Zofia Nowak',
    email: 'zofia@broadcaster.example',
    company: 'Nowak Media',
    use: 'broadcast',
    channels: 12,
    message: 'We need music for three TV channels and their YouTube pages.',
  },
};

/** Path parameters that name something real where the schema's first example would not. */
const GOOD_PARAMS: Record<string, string> = { plan: 'advanced', period: 'year' };

/** Routes left out, and why. */
const SKIPPED = new Set([
  // Ending the account would only sign the subscriber out half-way through.
  'DELETE /api/v1/account',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
]);

const clock = fixedClock(new Date('2026-03-10T09:00:00Z'));
let ctx: TestContext;
let routes: Route[];
let components: Record<string, Schema>;
let subscriber: Auth;

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  const kit = subscriptionKit(ctx, clock);
  const user = await kit.user();
  await kit.bought(user.auth, 'professional', 'yearly');
  subscriber = user.auth;
  const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Record<string, Schema> };
  }>();
  components = doc.components.schemas;
  routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation }))
      .filter((r) => !SKIPPED.has(`${r.method} ${r.path}`)),
  );
}, 120_000);
afterAll(() => ctx.close());

/** The path with every `{param}` replaced by `value`. */
const fill = (path: string, value: string) => path.replace(/\{[^}]+\}/g, value || 'x');

const queryNames = (op: Operation) => (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
/** A schema with its $ref and allOf resolved. */
function resolve(schema: Schema | undefined): Schema {
  if (!schema) return {};
  if (schema.$ref) return resolve(components[schema.$ref.split('/').pop()!]);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map(resolve), { ...schema, allOf: undefined });
  return schema;
}

/** The JSON body schema of a route, resolved. */
const bodySchema = (op: Operation) => resolve(op.requestBody?.content?.['application/json']?.schema);

/**
 * A value the schema accepts, as far as types, enums and lengths go (patterns are not followed), so a
 * request gets past the type checks and one field at a time can be made odd.
 */
function example(raw: Schema | undefined, depth = 0): unknown {
  const schema = resolve(raw);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return example(options.find((o) => resolve(o).type !== 'null') ?? options[0], depth);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'email') return 'fuzz@example.com';
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      if (schema.format === 'date-time') return '2026-03-10T09:00:00.000Z';
      if (schema.format === 'uri') return 'https://example.com/';
      return 'a'.repeat(Math.max(3, schema.minLength ?? 0));
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return depth > 4 ? [] : Array.from({ length: schema.minItems ?? 1 }, () => example(schema.items, depth + 1));
    case 'object':
    default:
      if (!schema.properties || depth > 4) return type === 'object' ? {} : 'abc';
      return Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, example(v, depth + 1)]));
  }
}

/** The route's path with each parameter its example value (an enum's first value, say). */
const validPath = (route: Route) =>
  route.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const param = route.operation.parameters?.find((p) => p.in === 'path' && p.name === name);
    return encodeURIComponent(GOOD_PARAMS[name] ?? String(example(param?.schema)));
  });

type Attempt = { method: string; url: string; headers?: Record<string, string>; payload?: string };

function attemptsFor(route: Route): Attempt[] {
  const { method, path, operation } = route;
  const attempts: Attempt[] = [];
  const base = fill(path, 'x');
  if (path.includes('{')) for (const value of ODD_VALUES) attempts.push({ method, url: fill(path, value) });
  for (const name of queryNames(operation)) {
    for (const value of ODD_VALUES) attempts.push({ method, url: `${base}?${name}=${value}` });
    // A repeated parameter arrives as an array.
    attempts.push({ method, url: `${base}?${name}=a&${name}=b` });
    attempts.push({ method, url: `${base}?${name}[]=a&${name}[x]=b` });
  }
  if (method !== 'GET' && method !== 'DELETE') {
    const json = { 'content-type': 'application/json' };
    for (const body of ODD_BODIES) attempts.push({ method, url: base, headers: json, payload: JSON.stringify(body) });
    attempts.push({ method, url: base, headers: json, payload: '{"broken": ' });
    attempts.push({ method, url: base, headers: { 'content-type': 'text/plain' }, payload: 'plain' });
    attempts.push({
      method,
      url: base,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1&a=2&b[c]=3',
    });
    // A body of the right shape on a valid path, with one field at a time made odd.
    const body = GOOD_BODIES[`${method} ${path}`] ?? example(bodySchema(operation));
    const url = validPath(route);
    attempts.push({ method, url, headers: json, payload: JSON.stringify(body) });
    if (body && typeof body === 'object' && !Array.isArray(body))
      for (const field of Object.keys(body))
        for (const odd of ODD_FIELD_VALUES)
          attempts.push({ method, url, headers: json, payload: JSON.stringify({ ...body, [field]: odd }) });
  }
  return attempts;
}

const send = (attempt: Attempt, auth: Auth | null) =>
  ctx.app.inject({
    method: attempt.method as 'GET',
    url: attempt.url,
    headers: { ...fromIp(), ...(auth ?? {}), ...(attempt.headers ?? {}) },
    ...(attempt.payload === undefined ? {} : { payload: attempt.payload }),
  });

describe('malformed input on every route', () => {
  it('the document lists the routes of every feature', () => {
    // Guards the walk below against an empty or partial document.
    const paths = routes.map((r) => r.path);
    for (const prefix of [
      '/api/auth/',
      '/api/v1/account',
      '/api/v1/subscription/',
      '/api/v1/payment/',
      '/api/v1/product/',
    ])
      expect(
        paths.some((p) => p.startsWith(prefix)),
        prefix,
      ).toBe(true);
    expect(routes.length).toBeGreaterThan(60);
  });

  for (const who of ['visitor', 'subscriber'] as const) {
    it(`never answers 5xx, and every 4xx has the error body (${who})`, async () => {
      const auth = who === 'subscriber' ? subscriber : null;
      const failures: string[] = [];
      let sent = 0;
      for (const route of routes) {
        for (const attempt of attemptsFor(route)) {
          const res = await send(attempt, auth);
          sent += 1;
          const where = `${attempt.method} ${attempt.url.slice(0, 120)} ${attempt.payload?.slice(0, 60) ?? ''}`;
          if (res.statusCode >= 500) failures.push(`${res.statusCode} ${where}: ${res.body.slice(0, 200)}`);
          else if (res.statusCode >= 400 && !errorBodySchema.strict().safeParse(safeJson(res.body)).success)
            failures.push(`${res.statusCode} without the error body ${where}: ${res.body.slice(0, 200)}`);
        }
      }
      expect(sent).toBeGreaterThan(1_000);
      expect(failures).toEqual([]);
    }, 300_000);
  }
});

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
