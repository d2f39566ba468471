import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@cuewave/contract/errors';
import {
  VIDEO_MAX_BYTES,
  VIDEO_MAX_SECONDS,
  videoMatchJobSchema,
  videoMatchProgressSchema,
  videoMatchStatusSchema,
} from '@cuewave/contract/video-match';
import type { Readable } from 'node:stream';
import type { ZodApp } from '../../deps';
import { AppError } from '../../lib/errors';
import type { AppConfig } from '../../providers/providers';
import { authenticate } from '../auth/require-auth';
import { readCookie } from '../auth/cookies';
import { sseStream } from '../archives/sse';
import { tooLarge } from './video-upload';
import {
  accountOwner,
  cancelVideoMatch,
  checkUploadAllowed,
  CLIENT_TOKEN_PATTERN,
  newClientToken,
  ownedVideoJob,
  startVideoMatch,
  videoMatchEvents,
  videoMatchStatus,
  visitorOwner,
  type Owner,
  type VideoMatchDeps,
} from './video-match.service';

/** The visitor's client cookie: owns their video analyses when nobody is signed in (decision 068). */
export const VIDEO_CLIENT_COOKIE = 'cw-client';
const CLIENT_COOKIE_DAYS = 30;

const e = errorBodySchema;
const jobParams = z.object({ jobId: z.string().max(100) });

type Deps = VideoMatchDeps & { config: Pick<AppConfig, 'cookieSecure'> };

async function ownerOf(deps: Deps, request: FastifyRequest): Promise<Owner | null> {
  const auth = await authenticate(deps, request);
  if (auth) return accountOwner(auth.accountId);
  const token = readCookie(request, VIDEO_CLIENT_COOKIE);
  return token && CLIENT_TOKEN_PATTERN.test(token) ? visitorOwner(token) : null;
}

function giveClientCookie(deps: Deps, request: FastifyRequest, reply: FastifyReply): Owner {
  const token = newClientToken();
  const secure = deps.config.cookieSecure === 'auto' ? request.protocol === 'https' : deps.config.cookieSecure;
  const parts = [
    `${VIDEO_CLIENT_COOKIE}=${token}`,
    `Max-Age=${CLIENT_COOKIE_DAYS * 86400}`,
    'Path=/api/v1/video-match',
    'SameSite=Lax',
    'HttpOnly',
  ];
  if (secure) parts.push('Secure');
  void reply.header('set-cookie', parts.join('; '));
  return visitorOwner(token);
}

/** AI video match (issue 14, decision 068): upload, progress, results, cancel. */
export async function registerVideoMatchRoutes(app: ZodApp, deps: Deps): Promise<void> {
  // The upload's body is the video itself, streamed: only this scope takes video types, unparsed.
  await app.register(async (scoped) => {
    const api = scoped.withTypeProvider<ZodTypeProvider>();
    for (const type of ['application/octet-stream', /^video\//]) {
      api.addContentTypeParser(type, (_request, payload, done) => done(null, payload));
    }
    api.post(
      '/api/v1/video-match',
      {
        schema: {
          tags: ['search'],
          summary: 'Upload a video to find music for it (AI video match)',
          description:
            `The request body is the video file (MP4, MOV, WebM or MKV, up to ${VIDEO_MAX_BYTES / 1024 / 1024} MB and ` +
            `${VIDEO_MAX_SECONDS / 60} minutes), sent with Content-Type video/* or application/octet-stream. The type ` +
            'is read from the bytes. Answers 202 with the id of the analysis; follow it at ' +
            'GET /api/v1/video-match/{jobId}/events, then read the results at GET /api/v1/video-match/{jobId}. ' +
            'Signed in, the account owns it; otherwise an httpOnly cw-client cookie is set and owns it. The video is ' +
            'deleted when the analysis ends; only the measured numbers are kept.',
          response: { 202: videoMatchJobSchema, 400: e, 403: e, 413: e, 415: e, 429: e },
        },
      },
      async (request, reply) => {
        if (!request.body || typeof (request.body as Readable).pipe !== 'function') {
          throw new AppError(
            'UNSUPPORTED_MEDIA_TYPE',
            'Send the video file itself as the body (Content-Type video/*).',
          );
        }
        // A refused upload's remaining bytes are not read: the connection closes after the answer.
        const refuse = (error: unknown) => {
          void reply.header('connection', 'close');
          throw error;
        };
        const declared = Number(request.headers['content-length']);
        if (Number.isFinite(declared) && declared > VIDEO_MAX_BYTES) refuse(tooLarge());
        const owner = (await ownerOf(deps, request)) ?? giveClientCookie(deps, request, reply);
        await checkUploadAllowed(deps, owner, request.ip).catch(refuse);
        const job = await startVideoMatch(deps, owner, request.body as Readable).catch(refuse);
        return reply.status(202).send(job);
      },
    );
  });

  app.get(
    '/api/v1/video-match/:jobId',
    {
      schema: {
        tags: ['search'],
        summary: 'A video analysis: its progress, what was measured, and the music ranked for it',
        description:
          'Only for whoever started it (the account, or the visitor’s cw-client cookie); 404 for anyone else.',
        params: jobParams,
        response: { 200: videoMatchStatusSchema, 404: e },
      },
    },
    async (request) => {
      const job = await ownedVideoJob(deps.db, await ownerOf(deps, request), request.params.jobId);
      return videoMatchStatus(deps, job);
    },
  );

  app.get(
    '/api/v1/video-match/:jobId/events',
    {
      schema: {
        tags: ['search'],
        summary: 'Progress of a video analysis (server-sent events)',
        description:
          'Events whose data is `{status, phase, percent}`, one per change, ending when the analysis ends; a failed or ' +
          'cancelled one ends with an `error` event `{error, message}`. Only for whoever started it.',
        params: jobParams,
        response: {
          200: z.unknown().describe(`text/event-stream of ${videoMatchProgressSchema.description ?? 'progress'}`),
          404: e,
        },
      },
    },
    async (request, reply) => {
      const job = await ownedVideoJob(deps.db, await ownerOf(deps, request), request.params.jobId);
      const { body, close } = sseStream((signal) => videoMatchEvents(deps.db, job, signal), {
        shouldEnd: () => app.drain?.draining ?? false,
        onError: (err) => request.log.error({ err, jobId: job.id }, 'video match progress stream failed'),
      });
      reply.raw.once('close', close);
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .send(body);
    },
  );

  app.delete(
    '/api/v1/video-match/:jobId',
    {
      schema: {
        tags: ['search'],
        summary: 'Cancel a video analysis and delete the upload',
        params: jobParams,
        response: { 204: z.null(), 403: e, 404: e },
      },
    },
    async (request, reply) => {
      const job = await ownedVideoJob(deps.db, await ownerOf(deps, request), request.params.jobId);
      await cancelVideoMatch(deps, job);
      return reply.status(204).send(null);
    },
  );
}
