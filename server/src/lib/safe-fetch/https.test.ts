import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SafeFetchError } from './errors';
import { safeFetch } from './safe-fetch';
import { permitLoopbackForTests } from './test-permit';
import { tableResolver } from './testing-servers';

// A self-signed certificate for video.example.test (fixtures/, valid to 2126). The connection goes to the
// pinned 127.0.0.1, yet SNI and the certificate check must use the URL's name: that is what makes
// connecting to a checked address safe for https.
const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name));
const cert = fixture('video.example.test.cert.pem');

describe('https to a pinned address', () => {
  let server: Server;
  let port = 0;
  const sni: (string | false)[] = [];
  beforeAll(async () => {
    server = createServer({ cert, key: fixture('video.example.test.key.pem') }, (req, res) => {
      res.end(`hello ${req.headers.host}`);
    });
    server.on('secureConnection', (s) => sni.push((s as unknown as { servername: string | false }).servername));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const options = (names: Record<string, string>) => ({
    allowedPorts: 'any' as const,
    loopbackPermit: permitLoopbackForTests(),
    resolve: tableResolver(names).resolve,
    tlsCa: cert,
  });

  it('sends the name as SNI and Host and verifies the certificate against it', async () => {
    const r = await safeFetch(`https://video.example.test:${port}/`, options({ 'video.example.test': '127.0.0.1' }));
    expect(r.body.toString()).toBe(`hello video.example.test:${port}`);
    expect(sni.at(-1)).toBe('video.example.test');
  });

  it('refuses a certificate that does not name the host', async () => {
    const error = await safeFetch(
      `https://other.example.test:${port}/`,
      options({ 'other.example.test': '127.0.0.1' }),
    ).catch((e: SafeFetchError) => e);
    expect(error).toMatchObject({ reason: 'connection-failed', detail: 'ERR_TLS_CERT_ALTNAME_INVALID' });
  });

  it('refuses a certificate from an untrusted issuer (the system roots, no test CA)', async () => {
    const { tlsCa: _, ...untrusted } = options({ 'video.example.test': '127.0.0.1' });
    expect(
      await safeFetch(`https://video.example.test:${port}/`, untrusted).catch((e: SafeFetchError) => e.reason),
    ).toBe('connection-failed');
  });
});
