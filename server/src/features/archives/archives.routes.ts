import { z } from 'zod';
import {
  ARCHIVE_RETENTION_HOURS,
  archiveProgressSchema,
  playlistDownloadJobSchema,
  playlistDownloadRequestSchema,
} from '@cuewave/contract/archives';
import { errorBodySchema } from '@cuewave/contract/errors';
import type { ZodApp } from '../../deps';
import { attachmentDisposition } from '../../providers/storage/content-disposition';
import { accountIdOf, authenticate, requireAuth } from '../auth/require-auth';
import { invalidToken } from '../auth/sessions.service';
import { JOB_ID_PATTERN } from '../jobs/jobs.service';
import { serveFile } from '../media/media.service';
import { archiveDelivery, archiveEvents, ownedArchiveJob } from './archive-delivery.service';
import { requestPlaylistArchive, type ArchiveDeps } from './archives.service';
import { sseStream } from './sse';

const e = errorBodySchema;
const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
const wantsEventStream = (accept: string | undefined) => /(^|,)\s*text\/event-stream\s*(;|,|$)/i.test(accept ?? '');

/** Playlist downloads (spec §3 Playlist download job, §7; decision 056). */
export async function registerArchiveRoutes(app: ZodApp, deps: ArchiveDeps): Promise<void> {
  app.post(
    '/api/v1/playlist/:playlistId/download',
    {
      preHandler: requireAuth(deps),
      schema: {
        tags: ['playlists'],
        summary: 'Start a zip of a playlist’s tracks',
        description:
          'For the caller’s own playlist or a public one. Each item’s main version (and its stems when `stems` is ' +
          'true, in a folder per track) in the chosen format, named `NN Title - Artist.ext`. Answers the id of the ' +
          'job that builds the zip: follow it at GET /api/cdn/{jobId} with `Accept: text/event-stream`, then fetch ' +
          `the zip from the same URL. Zips are kept ${ARCHIVE_RETENTION_HOURS} hours. The same download rules as ` +
          'track downloads apply: 403 DOWNLOAD_* without a plan that allows downloads, 429 DOWNLOAD_LIMIT_REACHED ' +
          'past the daily fair-use limit. 400 ITEMS_NOT_IN_PLAYLIST names items that are not in the playlist; 404 ' +
          'for an unknown playlist or another user’s private one.',
        params: z.object({ playlistId: z.string().min(1).max(100) }),
        body: playlistDownloadRequestSchema,
        response: { 202: playlistDownloadJobSchema, 400: e, 401: e, 403: e, 404: e, 429: e },
      },
    },
    async (request, reply) => {
      const job = await requestPlaylistArchive(deps, accountIdOf(request), request.params.playlistId, request.body);
      return reply.status(202).send(job);
    },
  );

  // More specific than media's /api/cdn/:id, so job ids land here; any other id that happens to start
  // with job_ (file ids are random) is still a catalogue file and goes to media.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/cdn/job_:jobId',
    schema: {
      tags: ['playlists'],
      summary: 'Progress (server-sent events) or the finished zip of a playlist download',
      description:
        'Only for the user who started it (404 for anyone else). With `Accept: text/event-stream`: a stream of ' +
        'events whose data is `{filesProcessed, totalFiles, status}`, one per change, ending once the job is done; ' +
        'a failed job ends with an `error` event. Closing the connection ends the stream. Otherwise: the zip ' +
        '(application/zip, Content-Length, Content-Disposition attachment named after the playlist), or a 302 to ' +
        'a short-lived object-store URL; 409 ARCHIVE_NOT_READY before it is done, 409 ARCHIVE_FAILED, 410 ' +
        `ARCHIVE_EXPIRED after ${ARCHIVE_RETENTION_HOURS} hours. Bearer token or the cm-user-token cookie.`,
      params: z.object({ jobId: z.string().max(200) }),
      // Loose: the bearer and cookie headers must reach authentication untouched.
      headers: z.looseObject({
        accept: z.string().optional().describe('text/event-stream for progress events'),
        range: z.string().optional().describe('Only for catalogue files that share this path'),
        'if-range': z.string().optional(),
        'if-none-match': z.string().optional(),
      }),
      response: {
        200: z
          .unknown()
          .describe(`application/zip, or text/event-stream of ${archiveProgressSchema.description ?? 'progress'}`),
        206: z.unknown().describe('A byte range of a catalogue file whose id starts with job_'),
        302: z.null().describe('The zip on object storage'),
        304: z.null().describe('A catalogue file not modified'),
        401: e,
        403: e,
        404: e,
        409: e,
        410: e,
        416: e,
      },
    },
    handler: async (request, reply) => {
      const id = `job_${request.params.jobId}`;
      if (!JOB_ID_PATTERN.test(id)) {
        const result = await serveFile(deps, {
          id,
          method: request.method === 'HEAD' ? 'HEAD' : 'GET',
          range: header(request.headers.range),
          ifRange: header(request.headers['if-range']),
          ifNoneMatch: header(request.headers['if-none-match']),
        });
        reply.status(result.status).headers(result.headers);
        return result.body ? reply.send(result.body()) : reply.send();
      }
      const auth = await authenticate(deps, request);
      if (!auth) throw invalidToken();
      const job = await ownedArchiveJob(deps.db, auth.accountId, id);

      if (wantsEventStream(request.headers.accept)) {
        const { body, close } = sseStream((signal) => archiveEvents(deps.db, job, signal), {
          // A stopping instance ends its streams; the client reconnects and lands on another one.
          shouldEnd: () => app.drain?.draining ?? false,
          onError: (err) => request.log.error({ err, jobId: id }, 'archive progress stream failed'),
        });
        // The response's close fires when the client goes away (or the stream ended): stop polling.
        reply.raw.once('close', close);
        return reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-cache, no-transform')
          .header('x-accel-buffering', 'no')
          .send(body);
      }

      const delivery = await archiveDelivery(deps, job);
      void reply.header('cache-control', 'private, no-store');
      if (delivery.kind === 'redirect') return reply.redirect(delivery.url, 302);
      void reply
        .header('content-type', 'application/zip')
        .header('content-length', String(delivery.size))
        .header('content-disposition', attachmentDisposition(delivery.fileName))
        .header('x-content-type-options', 'nosniff');
      return request.method === 'HEAD' ? reply.send() : reply.send(delivery.body());
    },
  });
}
