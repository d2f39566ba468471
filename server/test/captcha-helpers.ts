import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { App } from '../src/app';

/**
 * A valid captcha solution from the app under test: fetches GET /api/captcha/challenge and solves it
 * the way the ALTCHA widget does, returning what a form sends in its `captcha` field. Test apps use a
 * tiny ALTCHA cost, so this takes milliseconds.
 */
export async function solveCaptcha(app: App): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/captcha/challenge' });
  if (res.statusCode !== 200) throw new Error(`captcha challenge: HTTP ${res.statusCode} ${res.body}`);
  const body = res.json<{ provider: string; challenge?: Challenge }>();
  if (body.provider !== 'altcha' || !body.challenge)
    throw new Error(`captcha provider ${body.provider} cannot be solved`);
  const solution = await solveChallenge({ challenge: body.challenge, deriveKey, timeout: 30_000 });
  if (!solution) throw new Error('captcha challenge: no solution found');
  return Buffer.from(JSON.stringify({ challenge: body.challenge, solution })).toString('base64');
}
