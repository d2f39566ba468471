import type { LightMyRequestResponse } from 'fastify';
import type { Account, TokenResponse } from '@cuewave/contract/account';
import type { App } from '../src/app';
import type { Db } from '../src/db/client';
import { createSession } from '../src/features/auth/sessions.service';
import { systemClock, type Clock } from '../src/lib/clock';
import { accountFactory, type AccountSpec } from './factories';
import type { TestContext } from './test-app';
import { solveCaptcha } from './captcha-helpers';

/**
 * Every call from a test comes from 127.0.0.1 unless told otherwise, and the auth calls are rate
 * limited per IP: each helper call uses a fresh address (the app trusts X-Forwarded-For).
 */
let ipSeq = 0;
export function nextIp(): string {
  ipSeq += 1;
  return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
}
export const fromIp = (ip: string = nextIp()) => ({ 'x-forwarded-for': ip });

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** application/x-www-form-urlencoded, as the web app and OAuth2 clients send to /auth/token. */
export function form(fields: Record<string, string>) {
  return {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  };
}

/** POST /api/auth/token with a form body; the raw response, for tests about the endpoint itself. */
export function tokenRequest(app: App, fields: Record<string, string>, headers: Record<string, string> = fromIp()) {
  const body = form(fields);
  return app.inject({
    method: 'POST',
    url: '/api/auth/token',
    headers: { ...body.headers, ...headers },
    payload: body.payload,
  });
}

/** Signs in with the password grant; throws unless it succeeds. */
export async function signIn(app: App, email: string, password: string): Promise<TokenResponse> {
  const res = await tokenRequest(app, { grant_type: 'password', username: email, password });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: HTTP ${res.statusCode} ${res.body}`);
  return res.json<TokenResponse>();
}

export type SignedInUser = {
  id: string;
  email: string;
  password: string;
  tokens: TokenResponse;
  /** Authorization header for the access token. */
  auth: { authorization: string };
};

/** A factory account (see AccountSpec: confirmed email, phone, plan...) signed in through the real token endpoint. */
export async function signedInUser(
  ctx: Pick<TestContext, 'app' | 'db'>,
  spec: AccountSpec = {},
): Promise<SignedInUser> {
  const account = await accountFactory(ctx.db).account(spec);
  const tokens = await signIn(ctx.app, account.email, account.password);
  return { ...account, tokens, auth: bearer(tokens.access_token) };
}

/** Signs up through POST /api/v1/account/register (captcha solved), like the web app does. */
export async function signUp(
  app: App,
  input: { email: string; password: string; newsletter?: boolean },
): Promise<Account> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/account/register',
    headers: fromIp(),
    payload: { ...input, newsletter: input.newsletter ?? false, captcha: await solveCaptcha(app) },
  });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: HTTP ${res.statusCode} ${res.body}`);
  return res.json<Account>();
}

export type SetCookie = { name: string; value: string; attributes: Record<string, string | true> };

/** The Set-Cookie headers of a response, parsed, by cookie name. */
export function setCookies(res: LightMyRequestResponse): Record<string, SetCookie> {
  const raw = res.headers['set-cookie'];
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)];
  const out: Record<string, SetCookie> = {};
  for (const line of list) {
    const [pair, ...attrs] = line.split(';').map((p) => p.trim());
    const eq = pair!.indexOf('=');
    const name = pair!.slice(0, eq);
    const attributes: Record<string, string | true> = {};
    for (const attr of attrs) {
      const i = attr.indexOf('=');
      if (i < 0) attributes[attr.toLowerCase()] = true;
      else attributes[attr.slice(0, i).toLowerCase()] = attr.slice(i + 1);
    }
    out[name] = { name, value: decodeURIComponent(pair!.slice(eq + 1)), attributes };
  }
  return out;
}

/**
 * A session for an account without the password grant (no argon2 verification): for tests that are
 * not about signing in. Pass the clock the app runs with.
 */
export async function sessionFor(
  db: Db,
  accountId: string,
  clock: Clock = systemClock,
): Promise<TokenResponse & { auth: { authorization: string } }> {
  const tokens = await createSession({ db, clock }, accountId);
  return { ...tokens, auth: bearer(tokens.access_token) };
}
