import { errorBodySchema } from '@cuewave/contract/errors';
import {
  REFERENCE_AUDIO_MAX_BYTES,
  referenceItemSchema,
  referenceListSchema,
  referenceRequestSchema,
  referenceUploadQuerySchema,
} from '@cuewave/contract/reference';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodApp } from '../../../deps';
import { AppError } from '../../../lib/errors';
import { authenticate } from '../../auth/require-auth';
import { receiveUpload } from './reference-audio';
import { chargeReference, type ReferenceClient } from './reference-limits';
import { ReferenceProblem } from './reference-problem';
import { describeReferences, describeUpload, type ReferenceDeps } from './reference.service';

const tags = ['search'];
const e = errorBodySchema;

/** Reference links (issue 14, decision 067): POST /v1/product/search/reference and its upload twin. */
export async function registerReferenceRoutes(app: ZodApp, deps: ReferenceDeps & { publicUrl: string }): Promise<void> {
  const publicHost = hostOf(deps.publicUrl);
  const clientOf = async (request: FastifyRequest): Promise<ReferenceClient> => ({
    ip: request.ip,
    accountId: (await authenticate(deps, request))?.accountId ?? null,
  });

  app.post(
    '/api/v1/product/search/reference',
    {
      schema: {
        tags,
        summary: 'What each reference link is and whether a search can use it',
        description:
          'Our own track links (exact sound), direct audio links (fetched ≤ 20 MB, ≤ 10 min, analysed, deleted), ' +
          'streaming pages (YouTube, Spotify, SoundCloud, Apple Music, Deezer, TikTok, Vimeo: title and artist ' +
          "searched as words, audio not analysed); anything else says why not. Send the items' `reference` in " +
          'POST /v1/product/search.',
        body: referenceRequestSchema,
        response: { 200: referenceListSchema, 400: e, 429: e },
      },
    },
    async (request) => {
      const ownHosts = new Set([request.host.toLowerCase(), ...(publicHost ? [publicHost] : [])]);
      const items = await describeReferences(deps, request.body.urls, {
        type: request.body.type,
        ownHosts,
        client: await clientOf(request),
      });
      return { items };
    },
  );

  // The upload takes the raw file as the body (any Content-Type: the bytes are sniffed), streamed to disk.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.post(
      '/api/v1/product/search/reference/upload',
      {
        schema: {
          tags,
          summary: 'Use an audio file as the reference (raw body, at most 20 MB and 10 minutes)',
          querystring: referenceUploadQuerySchema,
          response: { 200: referenceItemSchema, 400: e, 413: e, 415: e, 429: e, 503: e },
        },
      },
      async (request) => {
        const declared = Number(request.headers['content-length'] ?? NaN);
        if (declared > REFERENCE_AUDIO_MAX_BYTES)
          throw new AppError('PAYLOAD_TOO_LARGE', 'The file is larger than 20 MB.');
        const wait = await chargeReference(deps.rateLimiter, 'analyses', await clientOf(request));
        if (wait !== null) {
          throw new AppError('TOO_MANY_REQUESTS', `Too many audio files for now. Try again in ${wait} seconds.`, {
            'retry-after': String(wait),
          });
        }
        let upload: Awaited<ReturnType<typeof receiveUpload>>;
        try {
          upload = await receiveUpload(request.raw, REFERENCE_AUDIO_MAX_BYTES);
        } catch (error) {
          if (error instanceof ReferenceProblem) throw asAppError(error);
          throw new AppError('BAD_REQUEST', 'The upload was cut off before the end.');
        }
        try {
          if (upload.bytes === 0) throw new AppError('BAD_REQUEST', 'The file is empty.');
          return await describeUpload(deps, upload.path, request.query.name);
        } catch (error) {
          throw error instanceof ReferenceProblem ? asAppError(error) : error;
        } finally {
          await upload.dispose();
        }
      },
    );
  });
}

function asAppError(problem: ReferenceProblem): AppError {
  switch (problem.code) {
    case 'too-large':
      return new AppError('PAYLOAD_TOO_LARGE', problem.message);
    case 'not-audio':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', problem.message);
    case 'busy':
      return new AppError('SERVICE_UNAVAILABLE', problem.message);
    default:
      return new AppError('BAD_REQUEST', problem.message);
  }
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
}
