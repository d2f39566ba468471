import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaChallengeSchema } from '@cuewave/contract/account';
import { createRecaptchaCaptcha } from '../../providers/captcha/recaptcha-captcha';
import { solveCaptcha } from '../../../test/captcha-helpers';
import { createTestApp, type TestContext } from '../../../test/test-app';

describe('GET /api/captcha/challenge (ALTCHA)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('hands out a fresh, uncached ALTCHA challenge each time', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/api/captcha/challenge' });
    const b = await t.app.inject({ method: 'GET', url: '/api/captcha/challenge' });
    expect(a.statusCode).toBe(200);
    expect(a.headers['cache-control']).toBe('no-store');
    const body = captchaChallengeSchema.parse(a.json());
    expect(body.provider).toBe('altcha');
    expect(a.json().challenge.parameters.nonce).not.toBe(b.json().challenge.parameters.nonce);
  });

  it('solveCaptcha() produces a solution the provider accepts exactly once', async () => {
    const solution = await solveCaptcha(t.app);
    const ctx = { ip: '127.0.0.1', action: 'register' as const };
    expect(await t.providers.captcha.verify(solution, ctx)).toBe(true);
    expect(await t.providers.captcha.verify(solution, ctx)).toBe(false);
  });
});

describe('GET /api/captcha/challenge (reCAPTCHA)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({
      providers: {
        captcha: createRecaptchaCaptcha({
          siteKey: 'site-key-123',
          secretKey: 'secret',
          verifyUrl: 'http://127.0.0.1:1/',
        }),
      },
    });
  });
  afterAll(() => t.close());

  it('hands out the site key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/captcha/challenge' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ provider: 'recaptcha', siteKey: 'site-key-123' });
  });
});
