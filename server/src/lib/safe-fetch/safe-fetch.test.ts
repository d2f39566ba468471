import { readdir, readFile, stat } from 'node:fs/promises';
import { mkdtempSync } from 'node:fs';
import { type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { SafeFetchError } from './errors';
import { safeFetch, safeFetchToFile } from './safe-fetch';
import { permitLoopbackForTests } from './test-permit';
import { ok, rawServer, respond, tableResolver, type RawServer } from './testing-servers';

// Real sockets on 127.0.0.1 stand in for outside sites; a table resolver gives them public-looking names.
const servers: RawServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
async function site(handle: Parameters<typeof rawServer>[0]) {
  const s = await rawServer(handle);
  servers.push(s);
  return s;
}
const reasonOf = (p: Promise<unknown>) =>
  p.then(
    () => 'fetched',
    (e: unknown) => (e instanceof SafeFetchError ? e.reason : String(e)),
  );
const testing = (resolve = tableResolver({ 'video.example.test': '127.0.0.1' }).resolve) => ({
  allowedPorts: 'any' as const,
  loopbackPermit: permitLoopbackForTests(),
  resolve,
});

describe('safeFetch through DNS', () => {
  it('fetches a stand-in site by name and reports the final URL, status, headers and body', async () => {
    const s = await site((socket) =>
      respond(socket, 200, { 'Content-Type': 'text/html', 'Content-Length': 5 }, '<b>x'.concat('!')),
    );
    const r = await safeFetch(`http://video.example.test:${s.port}/watch?v=1#t=3`, testing());
    expect(r).toMatchObject({ url: `http://video.example.test:${s.port}/watch?v=1`, status: 200, redirects: 0 });
    expect(r.headers['content-type']).toBe('text/html');
    expect(r.body.toString()).toBe('<b>x!');
    expect(s.requests[0]).toMatch(new RegExp(`^GET /watch\\?v=1 HTTP/1.1\\r\\n`));
    expect(s.requests[0]).toMatch(new RegExp(`host: video.example.test:${s.port}`, 'i'));
    expect(s.requests[0]).toMatch(/accept-encoding: identity/i);
  });

  it('refuses a public-looking name that resolves to 10.0.0.5', async () => {
    const dns = tableResolver({ 'cdn.example.test': '10.0.0.5' });
    expect(await reasonOf(safeFetch('http://cdn.example.test/a.mp3', testing(dns.resolve)))).toBe('private-address');
    expect(dns.calls).toEqual(['cdn.example.test']);
  });

  it('refuses a name that resolves to 127.0.0.1 unless a test permit is given, and never by default', async () => {
    const s = await site((socket) => ok(socket, 'inside'));
    const dns = tableResolver({ 'video.example.test': '127.0.0.1' });
    const url = `http://video.example.test:${s.port}/`;
    expect(await reasonOf(safeFetch(url, { allowedPorts: 'any', resolve: dns.resolve }))).toBe('private-address');
    // A look-alike permit (from a config file, say) is not one this module issued.
    const forged = { purpose: 'tests' } as unknown as ReturnType<typeof permitLoopbackForTests>;
    expect(await reasonOf(safeFetch(url, { allowedPorts: 'any', resolve: dns.resolve, loopbackPermit: forged }))).toBe(
      'private-address',
    );
    expect(s.connections).toBe(0);
    expect((await safeFetch(url, testing(dns.resolve))).body.toString()).toBe('inside');
  });

  it('refuses a name whose answers mix a public and a private address', async () => {
    const dns = tableResolver({ 'mixed.example.test': ['93.184.216.34', '169.254.169.254'] });
    expect(await reasonOf(safeFetch('http://mixed.example.test/', testing(dns.resolve)))).toBe('private-address');
  });

  it('says host-not-found for a name that does not resolve', async () => {
    expect(await reasonOf(safeFetch('http://nowhere.example.test/', testing()))).toBe('host-not-found');
  });

  it('connects to the checked address: one lookup per hop, even when DNS would answer differently next time', async () => {
    const s = await site((socket, head) =>
      head.startsWith('GET /first')
        ? respond(socket, 302, { Location: `http://b.example.test:${socketPort(socket)}/second`, 'Content-Length': 0 })
        : ok(socket, 'second'),
    );
    // A rebinding resolver: the first answer for each name is loopback (allowed by the permit), later
    // answers a private address. Had Node looked the name up again to connect, it would reach 10.0.0.5
    // and fail; it reaches the server, and the resolver saw each name exactly once.
    const calls: string[] = [];
    const rebinding = async (name: string) => {
      calls.push(name);
      const first = calls.filter((n) => n === name).length === 1;
      return [{ address: first ? '127.0.0.1' : '10.0.0.5', family: 4 as const }];
    };
    const r = await safeFetch(`http://a.example.test:${s.port}/first`, testing(rebinding));
    expect(r.body.toString()).toBe('second');
    expect(r.redirects).toBe(1);
    expect(calls).toEqual(['a.example.test', 'b.example.test']);
    expect(s.connections).toBe(2);
  });
});

const socketPort = (socket: Socket) => socket.localPort;

describe('redirects', () => {
  it.each([
    ['a literal 127.0.0.1', () => 'http://127.0.0.1/admin'],
    ['the metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
    ['a decimal loopback', () => 'http://2130706433/'],
    ['a name resolving to a private address', () => 'http://internal.example.test/'],
    ['a file: URL', () => 'file:///etc/passwd'],
    ['a gopher: URL', () => 'gopher://127.0.0.1:6379/_FLUSHALL'],
  ])('refuses a redirect to %s', async (_label, target) => {
    const s = await site((socket) => respond(socket, 302, { Location: target(), 'Content-Length': 0 }));
    const dns = tableResolver({ 'video.example.test': '127.0.0.1', 'internal.example.test': '10.0.0.5' });
    const reason = await reasonOf(safeFetch(`http://video.example.test:${s.port}/`, testing(dns.resolve)));
    expect(reason).toBe(target().startsWith('http') ? 'private-address' : 'scheme-not-allowed');
    expect(s.connections).toBe(1);
  });

  it('follows relative Locations (absolute path, relative path, query only) and 303/307/308', async () => {
    const s = await site((socket, head) => {
      const path = head.split(' ')[1];
      if (path === '/a/start') return respond(socket, 301, { Location: '/b/next', 'Content-Length': 0 });
      if (path === '/b/next') return respond(socket, 303, { Location: '../c/then', 'Content-Length': 0 });
      if (path === '/c/then') return respond(socket, 307, { Location: '?final=1', 'Content-Length': 0 });
      ok(socket, `at ${path}`);
    });
    const r = await safeFetch(`http://video.example.test:${s.port}/a/start`, testing());
    expect(r.body.toString()).toBe('at /c/then?final=1');
    expect(r.url).toBe(`http://video.example.test:${s.port}/c/then?final=1`);
    expect(r.redirects).toBe(3);
  });

  it('stops after maxRedirects (default 3) with too-many-redirects', async () => {
    const s = await site((socket, head) => {
      const n = Number(head.split(' ')[1]?.slice(1));
      respond(socket, 302, { Location: `/${n + 1}`, 'Content-Length': 0 });
    });
    expect(await reasonOf(safeFetch(`http://video.example.test:${s.port}/0`, testing()))).toBe('too-many-redirects');
    expect(s.requests.map((r) => r.split(' ')[1])).toEqual(['/0', '/1', '/2', '/3']);
    expect(await reasonOf(safeFetch(`http://video.example.test:${s.port}/0`, { ...testing(), maxRedirects: 0 }))).toBe(
      'too-many-redirects',
    );
  });

  it('answers bad-redirect for a Location that is not a URL', async () => {
    const s = await site((socket) => respond(socket, 302, { Location: 'http://[oops', 'Content-Length': 0 }));
    expect(await reasonOf(safeFetch(`http://video.example.test:${s.port}/`, testing()))).toBe('bad-redirect');
  });

  it('returns a non-2xx answer as it is (the caller decides)', async () => {
    const s = await site((socket) => respond(socket, 404, { 'Content-Length': 9 }, 'not found'));
    const r = await safeFetch(`http://video.example.test:${s.port}/`, testing());
    expect(r.status).toBe(404);
  });
});

describe('size caps', () => {
  const MiB = 1024 * 1024;

  it('refuses a Content-Length above the cap before reading the body', async () => {
    const s = await site((socket) => {
      socket.write(`HTTP/1.1 200 OK\r\nContent-Length: ${3 * MiB}\r\n\r\n`); // and then nothing
    });
    const started = Date.now();
    expect(await reasonOf(safeFetch(`http://video.example.test:${s.port}/`, { ...testing(), maxBytes: MiB }))).toBe(
      'too-large',
    );
    expect(Date.now() - started).toBeLessThan(2_000); // did not wait for the idle timeout
    await s.closed[0]; // the connection was closed
  });

  it('stops an endless body at the cap, closes the connection, and holds no more than the cap', async () => {
    let written = 0;
    const s = await site((socket) => {
      socket.write('HTTP/1.1 200 OK\r\nContent-Type: audio/mpeg\r\n\r\n'); // no length: read until close
      const chunk = Buffer.alloc(64 * 1024, 7);
      const pump = () => {
        while (!socket.destroyed && socket.write(chunk)) written += chunk.length;
        if (!socket.destroyed) socket.once('drain', pump);
      };
      pump();
    });
    const heapBefore = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
    expect(
      await reasonOf(safeFetch(`http://video.example.test:${s.port}/stream`, { ...testing(), maxBytes: MiB })),
    ).toBe('too-large');
    const heapAfter = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
    await s.closed[0];
    // The server could only push the cap plus socket buffers before the client hung up.
    expect(written).toBeLessThan(MiB + 8 * MiB);
    expect(heapAfter - heapBefore).toBeLessThan(32 * MiB);
  });

  it('refuses a chunked body larger than the cap', async () => {
    const s = await site((socket) => {
      socket.write('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n');
      const piece = 'x'.repeat(1000);
      for (let i = 0; i < 3000; i++) socket.write(`${(1000).toString(16)}\r\n${piece}\r\n`);
      socket.end('0\r\n\r\n');
    });
    expect(await reasonOf(safeFetch(`http://video.example.test:${s.port}/`, { ...testing(), maxBytes: MiB }))).toBe(
      'too-large',
    );
  });

  it('accepts a body of exactly the cap', async () => {
    const body = 'y'.repeat(1000);
    const s = await site((socket) => socket.end(`HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n${body}`));
    expect(
      (await safeFetch(`http://video.example.test:${s.port}/`, { ...testing(), maxBytes: 1000 })).body.length,
    ).toBe(1000);
  });

  it('reads only the declared length when the server sends more (a short lying Content-Length)', async () => {
    const s = await site((socket) => {
      socket.write('HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n0123456789');
      socket.write(Buffer.alloc(2 * MiB, 1));
    });
    const r = await safeFetch(`http://video.example.test:${s.port}/`, { ...testing(), maxBytes: MiB });
    expect(r.body.toString()).toBe('0123456789');
  });

  it('answers truncated when the server closes before its Content-Length', async () => {
    const s = await site((socket) => socket.end('HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\nonly a little'));
    expect(await reasonOf(safeFetch(`http://video.example.test:${s.port}/`, testing()))).toBe('truncated');
  });

  it('does not decompress: a gzip bomb stays its compressed size', async () => {
    const bomb = gzipSync(Buffer.alloc(64 * MiB), { level: 9 });
    const s = await site((socket) =>
      respond(
        socket,
        200,
        { 'Content-Encoding': 'gzip', 'Content-Type': 'text/html', 'Content-Length': bomb.length },
        bomb,
      ),
    );
    const r = await safeFetch(`http://video.example.test:${s.port}/`, { ...testing(), maxBytes: MiB });
    expect(r.body.equals(bomb)).toBe(true);
    expect(r.body.length).toBeLessThan(MiB);
    expect(r.headers['content-encoding']).toBe('gzip');
  });
});

describe('timeouts', () => {
  it('gives up on a server that accepts and never answers (first byte)', async () => {
    const s = await site(() => undefined);
    const started = Date.now();
    const error = await safeFetch(`http://video.example.test:${s.port}/`, {
      ...testing(),
      firstByteTimeoutMs: 300,
    }).catch((e: SafeFetchError) => e);
    expect(error).toMatchObject({ reason: 'timeout', detail: 'first byte' });
    expect(Date.now() - started).toBeLessThan(3_000);
    await s.closed[0];
  });

  it('gives up on a body that goes silent (idle)', async () => {
    const s = await site((socket) => socket.write('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nstart'));
    const error = await safeFetch(`http://video.example.test:${s.port}/`, { ...testing(), idleTimeoutMs: 300 }).catch(
      (e: SafeFetchError) => e,
    );
    expect(error).toMatchObject({ reason: 'timeout', detail: 'idle' });
  });

  it('gives up on a slow trickle that is never idle long enough (total)', async () => {
    const s = await site((socket) => {
      socket.write('HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n');
      const t = setInterval(() => (socket.destroyed ? clearInterval(t) : socket.write('.')), 50);
    });
    const started = Date.now();
    const error = await safeFetch(`http://video.example.test:${s.port}/`, {
      ...testing(),
      idleTimeoutMs: 1000,
      totalTimeoutMs: 600,
    }).catch((e: SafeFetchError) => e);
    expect(error).toMatchObject({ reason: 'timeout', detail: 'total' });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('counts the total across redirects', async () => {
    const s = await site((socket, head) =>
      setTimeout(() => respond(socket, 302, { Location: `/${head.length}`, 'Content-Length': 0 }), 250),
    );
    const error = await safeFetch(`http://video.example.test:${s.port}/`, {
      ...testing(),
      maxRedirects: 10,
      totalTimeoutMs: 600,
    }).catch((e: SafeFetchError) => e);
    expect(error).toMatchObject({ reason: 'timeout', detail: 'total' });
  });

  it('ends a DNS lookup that hangs at the total deadline', async () => {
    const hanging = () => new Promise<never>(() => undefined);
    const error = await safeFetch('http://slow-dns.example.test/', { ...testing(hanging), totalTimeoutMs: 300 }).catch(
      (e: SafeFetchError) => e,
    );
    expect(error).toMatchObject({ reason: 'timeout', detail: 'total' });
  });

  it('stops when the caller aborts', async () => {
    const s = await site(() => undefined);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    expect(
      await reasonOf(safeFetch(`http://video.example.test:${s.port}/`, { ...testing(), signal: controller.signal })),
    ).toBe('aborted');
  });

  it('says connection-failed when nothing listens', async () => {
    const s = await site(() => undefined);
    const port = s.port;
    await s.close();
    expect(await reasonOf(safeFetch(`http://video.example.test:${port}/`, testing()))).toBe('connection-failed');
  });
});

describe('safeFetchToFile', () => {
  it('streams the body to a private temp file that dispose() removes', async () => {
    const audio = Buffer.alloc(300_000, 3);
    const s = await site((socket) =>
      respond(socket, 200, { 'Content-Type': 'audio/mpeg', 'Content-Length': audio.length }, audio),
    );
    const dir = mkdtempSync(join(tmpdir(), 'safe-fetch-test-'));
    const r = await safeFetchToFile(`http://video.example.test:${s.port}/song.mp3`, { ...testing(), dir });
    expect(r.body.bytes).toBe(audio.length);
    expect((await readFile(r.body.path)).equals(audio)).toBe(true);
    expect((await stat(r.body.path)).mode & 0o777).toBe(0o600);
    await r.body.dispose();
    expect(await readdir(dir)).toEqual([]);
  });

  it('leaves nothing on disk when the cap is hit mid-stream', async () => {
    const s = await site((socket) => {
      socket.write('HTTP/1.1 200 OK\r\n\r\n');
      const t = setInterval(() => (socket.destroyed ? clearInterval(t) : socket.write(Buffer.alloc(64 * 1024))), 1);
    });
    const dir = mkdtempSync(join(tmpdir(), 'safe-fetch-test-'));
    expect(
      await reasonOf(
        safeFetchToFile(`http://video.example.test:${s.port}/`, { ...testing(), dir, maxBytes: 512 * 1024 }),
      ),
    ).toBe('too-large');
    expect(await readdir(dir)).toEqual([]);
  });
});
