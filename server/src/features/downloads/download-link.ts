import { createHmac, timingSafeEqual } from 'node:crypto';
import { downloadFormatSchema, type DownloadFormat } from '@cuewave/contract/downloads';
import type { Db } from '../../db/client';
import { getOrCreateSecret } from '../../providers/secrets';

/**
 * Signed download links (decision 055): the token carries the stored file, format, account, expiry and
 * download name, and an HMAC-SHA256 over all of them with a secret every instance shares
 * (server_secrets). Changing any byte of it, or using it after the expiry, gives 403.
 */

export type DownloadClaims = {
  /** files.id of the bytes to send (a rendition). */
  fileId: string;
  format: DownloadFormat;
  accountId: string;
  /** Unix seconds. */
  expiresAt: number;
  /** The name the browser saves it as. */
  name: string;
};

/** How long a signed link works: enough to start the download, short enough that a leaked link dies. */
export const LINK_TTL_SECONDS = 10 * 60;

const SECRET_NAME = 'download-links';
const secrets = new WeakMap<Db, Promise<string>>();

function secretFor(db: Db): Promise<string> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = getOrCreateSecret(db, SECRET_NAME);
    secret.catch(() => secrets.delete(db));
    secrets.set(db, secret);
  }
  return secret;
}

const sign = (secret: string, body: string) => createHmac('sha256', secret).update(`download:${body}`).digest();

export async function signDownload(db: Db, claims: DownloadClaims): Promise<string> {
  const body = Buffer.from(
    JSON.stringify({ f: claims.fileId, t: claims.format, a: claims.accountId, e: claims.expiresAt, n: claims.name }),
  ).toString('base64url');
  return `${body}.${sign(await secretFor(db), body).toString('base64url')}`;
}

/** The claims of a genuine token (expired or not), or null for anything altered or malformed. */
export async function readDownloadToken(db: Db, token: string): Promise<DownloadClaims | null> {
  const [body, mac, extra] = token.split('.');
  if (!body || !mac || extra !== undefined || token.length > 2000) return null;
  const expected = sign(await secretFor(db), body);
  const actual = Buffer.from(mac, 'base64url');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  try {
    const raw = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    const format = downloadFormatSchema.safeParse(raw.t);
    if (
      typeof raw.f !== 'string' ||
      !format.success ||
      typeof raw.a !== 'string' ||
      typeof raw.e !== 'number' ||
      typeof raw.n !== 'string'
    )
      return null;
    return { fileId: raw.f, format: format.data, accountId: raw.a, expiresAt: raw.e, name: raw.n };
  } catch {
    return null;
  }
}
