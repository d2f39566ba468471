import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_TOKEN_COOKIE, USER_TOKEN_COOKIE } from '@cuewave/contract/account';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { form, fromIp, setCookies, signedInUser, type SignedInUser } from '../../../test/auth-helpers';
import { accountFactory } from '../../../test/factories';

const STORE = 'cuewave.example';
const EVIL = 'https://evil.example';
/** What a browser adds to a request another site's form or script started. */
const fromEvilSite = { origin: EVIL, 'sec-fetch-site': 'cross-site' };
/** What a browser adds to a request the store's own page started. */
const fromStorePage = { host: STORE, origin: `http://${STORE}`, 'sec-fetch-site': 'same-origin' };

describe('cross-site requests', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ config: { publicUrl: 'https://store.example' } });
  });
  afterAll(() => t.close());

  const readyForTrial = () => signedInUser(t, { confirmedEmail: true, phone: '+48500100200', confirmedPhone: true });
  const sessionCookie = (user: SignedInUser) =>
    `${USER_TOKEN_COOKIE}=${user.tokens.access_token}; ${REFRESH_TOKEN_COOKIE}=${user.tokens.refresh_token}`;
  const subscriptions = (accountId: string) =>
    t.db.selectFrom('subscriptions').select('id').where('account_id', '=', accountId).execute();
  const startTrial = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/subscription/new/trial',
      headers: { 'content-type': 'text/plain', ...headers },
      payload: 'x',
    });

  it('another site’s text/plain POST carrying only the session cookie is refused and changes nothing', async () => {
    const user = await readyForTrial();
    const res = await startTrial({ ...fromEvilSite, cookie: sessionCookie(user) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'CROSS_SITE_REQUEST', message: expect.stringContaining('another website') });
    expect(await subscriptions(user.id)).toEqual([]);
  });

  it.each([
    ['an Origin of another site, without Sec-Fetch-Site (older browsers)', { origin: EVIL }],
    [
      'a sibling subdomain (same-site, so SameSite=Lax does not apply)',
      { origin: `https://shop.${STORE}`, 'sec-fetch-site': 'same-site' },
    ],
    ['Origin: null (a sandboxed frame or data: page)', { origin: 'null' }],
    [
      'Sec-Fetch-Site: cross-site with a matching Origin',
      { origin: `http://${STORE}`, 'sec-fetch-site': 'cross-site' },
    ],
    ['the store’s host over https while the request came over http', { origin: `https://${STORE}` }],
  ])('refuses %s', async (_what, headers) => {
    const user = await readyForTrial();
    const res = await startTrial({ host: STORE, ...headers, cookie: sessionCookie(user) });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('CROSS_SITE_REQUEST');
    expect(await subscriptions(user.id)).toEqual([]);
  });

  it('accepts the same call from the store’s own page', async () => {
    const user = await readyForTrial();
    const res = await startTrial({ ...fromStorePage, cookie: sessionCookie(user) });
    expect(res.statusCode).toBe(201);
    expect(await subscriptions(user.id)).toHaveLength(1);
  });

  it('accepts pages served at PUBLIC_URL behind a proxy that rewrote the Host header', async () => {
    const user = await readyForTrial();
    const res = await startTrial({
      host: '127.0.0.1:3000',
      origin: 'https://store.example',
      'sec-fetch-site': 'same-origin',
      cookie: sessionCookie(user),
    });
    expect(res.statusCode).toBe(201);
  });

  it('accepts the store’s https origin when a trusted proxy says the request came over https', async () => {
    const user = await readyForTrial();
    const res = await startTrial({
      host: STORE,
      origin: `https://${STORE}`,
      'x-forwarded-proto': 'https',
      cookie: sessionCookie(user),
    });
    expect(res.statusCode).toBe(201);
  });

  it('accepts bearer-header clients from anywhere: another site cannot add the header', async () => {
    const user = await readyForTrial();
    const res = await startTrial({ ...fromEvilSite, ...user.auth, cookie: sessionCookie(user) });
    expect(res.statusCode).toBe(201);
  });

  it('accepts server rendering’s loopback calls, which send no Origin (a cookie-only token refresh)', async () => {
    const user = await readyForTrial();
    const body = form({ grant_type: 'refresh_token' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      headers: { ...body.headers, ...fromIp(), cookie: `${REFRESH_TOKEN_COOKIE}=${user.tokens.refresh_token}` },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses another site’s sign-in form, which would sign the visitor into the attacker’s account', async () => {
    const attacker = await accountFactory(t.db).account({ confirmedEmail: true });
    const body = form({ grant_type: 'password', username: attacker.email, password: attacker.password });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      headers: { ...body.headers, ...fromIp(), ...fromEvilSite },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('CROSS_SITE_REQUEST');
    expect(setCookies(res)).toEqual({});
  });

  it('refuses another site’s sign-out of the visitor', async () => {
    const user = await readyForTrial();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/revoke',
      headers: { ...fromEvilSite, cookie: sessionCookie(user) },
    });
    expect(res.statusCode).toBe(403);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      headers: { ...form({}).headers, ...fromIp(), cookie: `${REFRESH_TOKEN_COOKIE}=${user.tokens.refresh_token}` },
      payload: 'grant_type=refresh_token',
    });
    expect(refreshed.statusCode).toBe(200);
  });

  it('refuses a percent-encoded path to the sign-in endpoint too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/%61uth/token',
      headers: { ...form({}).headers, ...fromEvilSite },
      payload: 'grant_type=password&username=a%40example.test&password=x',
    });
    expect(res.statusCode).toBe(403);
    expect(setCookies(res)).toEqual({});
  });

  it('refuses another site’s form posted to a web page, signed in or not (page actions may sign in)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...fromEvilSite },
      payload: 'email=a%40example.test&password=x',
    });
    expect(res.statusCode).toBe(403);
    const own = await t.app.inject({ method: 'POST', url: '/auth/login', headers: fromStorePage, payload: '' });
    expect(own.statusCode).not.toBe(403);
  });

  it('lets reads and cookie-less public API calls through: they act for nobody', async () => {
    const user = await readyForTrial();
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/v1/account',
      headers: { ...fromEvilSite, cookie: sessionCookie(user) },
    });
    expect(read.statusCode).toBe(200);
    const card = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/sandbox/tokens',
      headers: { ...fromEvilSite, ...fromIp() },
      payload: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123', name: 'A B' },
    });
    expect(card.statusCode).not.toBe(403);
  });

  it('exempts the Stripe webhook, which comes without cookies and is signed', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/stripe/webhook',
      headers: { 'content-type': 'application/json', ...fromEvilSite, cookie: `${USER_TOKEN_COOKIE}=x` },
      payload: '{}',
    });
    expect(res.statusCode).not.toBe(403);
  });

  it('still refuses a cookie-authenticated write whose bearer header is not a bearer', async () => {
    const user = await readyForTrial();
    const res = await startTrial({ ...fromEvilSite, authorization: 'Basic Zm9vOmJhcg==', cookie: sessionCookie(user) });
    // Not a bearer: the API does not fall back to the cookie, so the request authenticates as nobody.
    expect(res.statusCode).toBe(401);
    expect(await subscriptions(user.id)).toEqual([]);
  });
});
