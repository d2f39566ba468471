import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRecaptchaCaptcha } from './recaptcha-captcha';

describe('reCAPTCHA v3 captcha (against a local siteverify)', () => {
  let server: Server;
  let verifyUrl: string;
  let answer: { status: number; body: string } = { status: 200, body: '{}' };
  const forms: URLSearchParams[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      req.on('end', () => {
        forms.push(new URLSearchParams(raw));
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(answer.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    verifyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/recaptcha/api/siteverify`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    forms.length = 0;
  });

  const google = (body: object, status = 200) => {
    answer = { status, body: JSON.stringify(body) };
  };
  const captcha = () => createRecaptchaCaptcha({ siteKey: 'site-key', secretKey: 'secret-key', verifyUrl });
  const ctx = { ip: '203.0.113.9', action: 'register' as const };

  it('hands out the site key as its challenge', async () => {
    expect(await captcha().challenge()).toEqual({ provider: 'recaptcha', siteKey: 'site-key' });
    expect(captcha().kind).toBe('recaptcha');
  });

  it('passes a successful, high-scoring token for the right action, sending secret, token and IP', async () => {
    google({ success: true, score: 0.9, action: 'register', hostname: 'localhost' });
    expect(await captcha().verify('token-1', ctx)).toBe(true);
    expect(Object.fromEntries(forms[0]!)).toEqual({
      secret: 'secret-key',
      response: 'token-1',
      remoteip: '203.0.113.9',
    });
  });

  it('fails a low score, honouring RECAPTCHA_MIN_SCORE', async () => {
    google({ success: true, score: 0.3, action: 'register' });
    expect(await captcha().verify('t', ctx)).toBe(false);
    const lenient = createRecaptchaCaptcha({ siteKey: 's', secretKey: 'k', verifyUrl, minScore: 0.3 });
    expect(await lenient.verify('t', ctx)).toBe(true);
  });

  it('fails a token made for another action', async () => {
    google({ success: true, score: 0.9, action: 'signin' });
    expect(await captcha().verify('t', ctx)).toBe(false);
  });

  it('fails an unsuccessful answer, a missing score, an HTTP error and a non-JSON body', async () => {
    google({ success: false, 'error-codes': ['invalid-input-response'] });
    expect(await captcha().verify('t', ctx)).toBe(false);
    google({ success: true, action: 'register' });
    expect(await captcha().verify('t', ctx)).toBe(false);
    google({ success: true, score: 0.9, action: 'register' }, 500);
    expect(await captcha().verify('t', ctx)).toBe(false);
    answer = { status: 200, body: '<html>' };
    expect(await captcha().verify('t', ctx)).toBe(false);
  });

  it('fails an empty token without asking Google', async () => {
    expect(await captcha().verify('', ctx)).toBe(false);
    expect(forms).toHaveLength(0);
  });

  it('fails (never throws) when Google cannot be reached', async () => {
    const offline = createRecaptchaCaptcha({
      siteKey: 's',
      secretKey: 'k',
      verifyUrl: 'http://127.0.0.1:1/siteverify',
    });
    expect(await offline.verify('t', ctx)).toBe(false);
  });
});
