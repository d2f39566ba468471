import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArchiveProgress, PlaylistDownloadJob } from '@cuewave/contract/archives';
import { clickTrack, wavBytes } from '../../../test/audio-fixtures';
import { catalogFactory } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { systemClock } from '../../lib/clock';
import { parseEvents, playlistOf, subscriber } from './archive-test-kit';
import { openSseStreams } from './sse';
import { unzip } from './zip-test-kit';

/**
 * The archive job as the app runs it: background workers, real audio rendered by ensureRendition,
 * and progress streamed over a real HTTP connection that the client may drop.
 */

let live: TestContext;
beforeAll(async () => {
  live = await createTestApp({ jobs: true });
});
afterAll(() => live.close());

/** A music track whose master and stems are real (short) WAV files, so the encoder has work to do. */
async function realTrack(ctx: TestContext, title: string, tone: number): Promise<string> {
  const id = await catalogFactory(ctx.db, ctx.storage).product({ title, artist: 'Real Audio' });
  const rows = await ctx.db
    .selectFrom('product_files as pf')
    .innerJoin('files as f', 'f.id', 'pf.file_id')
    .select(['f.id', 'f.storage_key', 'pf.type'])
    .where('pf.product_id', '=', id)
    .where('pf.type', 'in', ['master', 'stem_bass', 'stem_instruments'])
    .execute();
  for (const [i, row] of rows.entries()) {
    const bytes = wavBytes(clickTrack({ bpm: 120, seconds: 1.5, tone: tone + i * 100 }));
    await ctx.storage.putBuffer(row.storage_key, bytes);
    await ctx.db
      .updateTable('files')
      .set({ mime: 'audio/wav', size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') })
      .where('id', '=', row.id)
      .execute();
  }
  return id;
}

async function waitFor<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('playlist archive job with background workers', () => {
  it('renders missing formats from the masters, streams progress and serves a real zip', async () => {
    const user = await subscriber(live, systemClock);
    const items = [await realTrack(live, 'First Light', 400), await realTrack(live, 'Second Wind', 900)];
    const playlist = await playlistOf(live, user, { name: 'Real', items });
    const start = await live.app.inject({
      method: 'POST',
      url: `/api/v1/playlist/${playlist.id}/download`,
      headers: await user.auth(),
      payload: { fileFormat: 'wav', stems: true, items },
    });
    expect(start.statusCode, start.body).toBe(202);
    const { jobId } = start.json<PlaylistDownloadJob>();

    const stream = await live.app.inject({
      method: 'GET',
      url: `/api/cdn/${jobId}`,
      headers: { ...(await user.auth()), accept: 'text/event-stream' },
    });
    const progress = parseEvents(stream.body).map((e) => e.data as ArchiveProgress);
    expect(progress.at(-1)).toEqual({ filesProcessed: 6, totalFiles: 6, status: 'done' });

    const zip = await live.app.inject({ method: 'GET', url: `/api/cdn/${jobId}`, headers: await user.auth() });
    expect(zip.statusCode).toBe(200);
    const entries = await unzip(zip.rawPayload);
    expect(entries.map((e) => e.name)).toEqual([
      '01 First Light - Real Audio.wav',
      '01 First Light - Real Audio/Bass.wav',
      '01 First Light - Real Audio/Instruments.wav',
      '02 Second Wind - Real Audio.wav',
      '02 Second Wind - Real Audio/Bass.wav',
      '02 Second Wind - Real Audio/Instruments.wav',
    ]);
    for (const entry of entries) {
      expect(entry.data.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(entry.data.subarray(8, 12).toString('latin1')).toBe('WAVE');
      // 1.5 s of 16-bit mono at 22,050 Hz, at the source's own rate and depth.
      expect(entry.data.length).toBeGreaterThan(66_000);
    }
  });

  it('a client that hangs up ends its event stream on the server', async () => {
    // An app without workers: the job stays queued, so only the hang-up can end the stream.
    const idle = await createTestApp();
    try {
      const user = await subscriber(idle, systemClock);
      const id = await catalogFactory(idle.db, idle.storage).product({ title: 'Waiting' });
      const playlist = await playlistOf(idle, user, { name: 'Waiting', items: [id] });
      const start = await idle.app.inject({
        method: 'POST',
        url: `/api/v1/playlist/${playlist.id}/download`,
        headers: await user.auth(),
        payload: { items: [id] },
      });
      const { jobId } = start.json<PlaylistDownloadJob>();
      await idle.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = idle.app.server.address() as AddressInfo;
      const before = openSseStreams();
      const auth = await user.auth();
      let whileOpen = -1;

      const firstChunk = await new Promise<string>((resolve, reject) => {
        const req = httpRequest(
          { host: '127.0.0.1', port, path: `/api/cdn/${jobId}`, headers: { ...auth, accept: 'text/event-stream' } },
          (res) => {
            expect(res.statusCode).toBe(200);
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              text += chunk;
              if (text.includes('"status":"queued"')) {
                whileOpen = openSseStreams();
                req.destroy();
                resolve(text);
              }
            });
          },
        );
        req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
        req.end();
      });
      expect(parseEvents(firstChunk)).toEqual([
        { event: 'message', data: { filesProcessed: 0, totalFiles: 0, status: 'queued' } },
      ]);
      expect(whileOpen).toBe(before + 1);
      await waitFor('the stream to close', async () => (openSseStreams() === before ? true : undefined), 5_000);
    } finally {
      await idle.close();
    }
  });
});
