import { pbkdf2Sync, createHash } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';

/**
 * Solves the API's captcha in Node, as the browser does: GET /api/captcha/challenge, then the ALTCHA
 * v2 proof of work (find the counter whose derived key starts with keyPrefix). The e2e workspace
 * doesn't depend on altcha-lib, so this is the same algorithm in a few lines of node:crypto:
 * password = nonce bytes + counter as a big-endian uint32, key = PBKDF2 / SHA (salt, cost, keyLength).
 * The answer is what the widget submits: base64 of JSON { challenge, solution }.
 */
type Challenge = {
  parameters: {
    algorithm: string;
    nonce: string;
    salt: string;
    cost: number;
    keyLength?: number;
    keyPrefix: string;
  };
  signature?: string;
};

export async function solveCaptcha(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/captcha/challenge');
  if (!response.ok()) throw new Error(`captcha challenge: ${response.status()}`);
  const body = (await response.json()) as { provider: string; challenge?: Challenge };
  if (body.provider !== 'altcha' || !body.challenge)
    throw new Error(`cannot solve a ${body.provider} captcha in tests`);
  return solveAltcha(body.challenge);
}

export function solveAltcha(challenge: Challenge): string {
  const { algorithm, nonce, salt, cost, keyLength = 32, keyPrefix } = challenge.parameters;
  const nonceBytes = Buffer.from(nonce, 'hex');
  const saltBytes = Buffer.from(salt, 'hex');
  const prefix = keyPrefix.toLowerCase();
  const derive = deriver(algorithm, saltBytes, cost, keyLength);
  const started = Date.now();
  for (let counter = 0; counter < 10_000_000; counter++) {
    const password = Buffer.alloc(nonceBytes.length + 4);
    nonceBytes.copy(password);
    password.writeUInt32BE(counter, nonceBytes.length);
    const key = derive(password).toString('hex');
    if (key.startsWith(prefix)) {
      const solution = { counter, derivedKey: key, time: Date.now() - started };
      return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    }
  }
  throw new Error('captcha: no solution found');
}

function deriver(algorithm: string, salt: Buffer, cost: number, keyLength: number): (password: Buffer) => Buffer {
  const pbkdf2 = /^PBKDF2\/SHA-(256|384|512)$/.exec(algorithm);
  if (pbkdf2) return (password) => pbkdf2Sync(password, salt, cost, keyLength, `sha${pbkdf2[1]}`);
  const sha = /^SHA-(256|384|512)$/.exec(algorithm);
  if (sha) {
    // altcha-lib's SHA mode hashes salt + password, `cost` times over.
    return (password) => {
      let data = Buffer.concat([salt, password]);
      for (let i = 0; i < cost; i++) data = createHash(`sha${sha[1]}`).update(data).digest();
      return data.subarray(0, keyLength);
    };
  }
  throw new Error(`captcha: unsupported algorithm ${algorithm}`);
}
