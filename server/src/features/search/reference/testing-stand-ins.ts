import { createServer, type Server } from 'node:http';
import type { StreamingService } from '@cuewave/contract/reference';
import { encodeWav } from '../../../audio/wav';
import { tableResolver } from '../../../lib/safe-fetch/testing-servers';
import { permitLoopbackForTests } from '../../../lib/safe-fetch/test-permit';
import type { ReferenceFetchSettings } from './fetch-settings';

/**
 * Stand-ins for the outside sites a reference link points at, on 127.0.0.1 (tests and the Playwright
 * server entry only; the file name's "testing-" keeps it out of the production scan of test-permit.test.ts):
 * a file host with audio and misbehaving addresses, and the seven streaming services' pages and oEmbed
 * endpoints. Public-looking names reach it through a resolver table; `intranet.example.test` resolves to a
 * private address, which the fetcher must refuse.
 */
export const STAND_IN_HOSTS: Record<StreamingService, string> = {
  youtube: 'www.youtube.com',
  spotify: 'open.spotify.com',
  soundcloud: 'soundcloud.com',
  'apple-music': 'music.apple.com',
  deezer: 'www.deezer.com',
  tiktok: 'www.tiktok.com',
  vimeo: 'vimeo.com',
};
export const FILES_HOST = 'files.example.test';

/** What each stand-in page is, so tests and journeys can check what was read. */
export const STAND_IN_TITLES: Record<StreamingService, { title: string; artist: string | null }> = {
  youtube: { title: 'Neon Rush (Official Video)', artist: 'Sub Unit' },
  spotify: { title: 'Piano Dawn', artist: null },
  soundcloud: { title: 'Slow Tide by Ivy Moss', artist: 'Ivy Moss' },
  'apple-music': { title: 'Calaveras', artist: 'Los Huesos' },
  // Deezer's stand-in oEmbed is down: its page's Open Graph tags are read instead.
  deezer: { title: 'Morning Run', artist: 'Pulse Club' },
  tiktok: { title: 'dance challenge #fyp', artist: 'someone' },
  vimeo: { title: 'Ocean Film', artist: 'Studio Blue' },
};

/** A few seconds of clicks at `bpm` on a tone of `hz` (louder and brighter for the driving kind). */
export function clickTrack(
  bpm: number,
  hz: number,
  opts: { seconds?: number; gain?: number; noise?: number; rate?: number } = {},
) {
  const rate = opts.rate ?? 22050;
  const seconds = opts.seconds ?? 6;
  const samples = new Float32Array(rate * seconds);
  const beat = (60 / bpm) * rate;
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff) * 2 - 1;
  for (let i = 0; i < samples.length; i++) {
    const since = i % Math.round(beat);
    const env = Math.exp(-since / (rate * 0.08));
    const tone = Math.sin((2 * Math.PI * hz * i) / rate);
    samples[i] = (opts.gain ?? 0.5) * env * (tone * (1 - (opts.noise ?? 0)) + random() * (opts.noise ?? 0));
  }
  return encodeWav([samples], rate);
}

export type StandIns = {
  port: number;
  settings: Pick<ReferenceFetchSettings, 'fetch' | 'oembed'>;
  /** http://files.example.test:PORT */
  files: string;
  /** The page URL of a service's stand-in. */
  page(service: StreamingService): string;
  /** Requests received, path and query. */
  requests: string[];
  close(): Promise<void>;
};

/** Audio served by the file host: path → WAV bytes. */
export async function startStandIns(audio: Record<string, Buffer>, port = 0): Promise<StandIns> {
  const requests: string[] = [];
  let self = 0;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'x'}`);
    requests.push(`${url.hostname}${url.pathname}${url.search}`);
    const host = url.hostname;
    const send = (status: number, type: string, body: string | Buffer) => {
      res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
      res.end(body);
    };
    if (host === FILES_HOST) {
      if (audio[url.pathname]) return send(200, 'audio/wav', audio[url.pathname]!);
      if (url.pathname === '/html.mp3') return send(200, 'audio/mpeg', '<!doctype html><title>Not audio</title>');
      if (url.pathname === '/to-loopback.mp3') {
        res.writeHead(302, { location: `http://127.0.0.1:${self}/song.wav` });
        return res.end();
      }
      if (url.pathname === '/to-intranet.mp3') {
        res.writeHead(302, { location: `http://intranet.example.test:${self}/song.wav` });
        return res.end();
      }
      if (url.pathname === '/endless.mp3') {
        // An endless MP3-looking body: the cap must end it.
        res.writeHead(200, { 'content-type': 'audio/mpeg' });
        const chunk = Buffer.alloc(64 * 1024, 0xff);
        const pump = () => {
          while (res.write(chunk));
        };
        res.on('drain', pump);
        res.on('close', () => res.off('drain', pump));
        return pump();
      }
      return send(404, 'text/plain', 'not found');
    }
    const service = (Object.keys(STAND_IN_HOSTS) as StreamingService[]).find((s) => STAND_IN_HOSTS[s] === host);
    if (!service) return send(404, 'text/plain', 'unknown host');
    // A page may name its own title and artist (?title=…&artist=…), so a journey can point at a real track.
    const metaOf = (page: URL) => {
      const title = page.searchParams.get('title');
      return title ? { title, artist: page.searchParams.get('artist') } : STAND_IN_TITLES[service];
    };
    let meta = metaOf(url);
    if (url.pathname === '/oembed') {
      if (service === 'deezer') return send(503, 'text/plain', 'down');
      const described = url.searchParams.get('url') ?? '';
      if (!described.includes(host)) return send(404, 'application/json', '{"error":"not found"}');
      meta = metaOf(new URL(described));
      return send(
        200,
        'application/json',
        JSON.stringify({
          version: '1.0',
          type: 'video',
          title: meta.title,
          ...(meta.artist ? { author_name: meta.artist } : {}),
        }),
      );
    }
    if (url.pathname === '/no-title') return send(200, 'text/html', '<html><head></head><body>hi</body></html>');
    const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
    return send(
      200,
      'text/html; charset=utf-8',
      `<!doctype html><html><head><title>${escape(meta.title)}</title>
      <meta property="og:title" content="${escape(meta.title)}">
      ${meta.artist ? `<meta name="music:musician_description" content="${escape(meta.artist)}">` : ''}
      </head><body></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  self = typeof address === 'object' && address ? address.port : 0;
  const table: Record<string, string> = { [FILES_HOST]: '127.0.0.1', 'intranet.example.test': '10.0.0.5' };
  for (const host of Object.values(STAND_IN_HOSTS)) table[host] = '127.0.0.1';
  const { resolve } = tableResolver(table);
  const oembed = Object.fromEntries(
    (Object.keys(STAND_IN_HOSTS) as StreamingService[]).map((s) => [
      s,
      s === 'apple-music' ? null : `http://${STAND_IN_HOSTS[s]}:${self}/oembed`,
    ]),
  ) as Record<StreamingService, string | null>;
  return {
    port: self,
    settings: { fetch: { resolve, loopbackPermit: permitLoopbackForTests(), allowedPorts: 'any' }, oembed },
    files: `http://${FILES_HOST}:${self}`,
    page: (service) =>
      `http://${STAND_IN_HOSTS[service]}:${self}/${service === 'youtube' ? 'watch?v=abc123' : 'track/42'}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
