import { z } from 'zod';
import { errorBodySchema } from '@cuewave/contract/errors';
import type { ZodApp } from '../../deps';
import { serveFile, type MediaDeps } from './media.service';

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** GET/HEAD /api/cdn/{id}: public files (previews, covers) with byte ranges and conditional requests. */
export async function registerMediaRoutes(app: ZodApp, deps: MediaDeps): Promise<void> {
  // GET and HEAD share the handler; an explicit HEAD keeps the real Content-Length (Fastify's automatic
  // HEAD route would replace it with 0 for a reply without a body).
  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/cdn/:id',
    // Audio and bitmaps do not shrink, ranges must count unencoded bytes, and SVG covers are small:
    // skipping the compressor keeps the hottest route of the store lean (decision 073).
    compress: false,
    schema: {
      tags: ['media'],
      summary: 'File bytes (audio previews and images), with byte ranges',
      description:
        'Single byte ranges (a-b, a-, -n) answer 206; a request for several ranges is answered with the whole ' +
        'file (200). Strong ETag from the content hash, If-None-Match (304) and If-Range are honoured. Masters ' +
        'and stems are not served here (403); they are licensed downloads.',
      params: z.object({ id: z.string().min(1).max(200) }),
      headers: z.object({
        range: z.string().optional().describe('bytes=a-b, bytes=a- or bytes=-n'),
        'if-range': z.string().optional(),
        'if-none-match': z.string().optional(),
      }),
      response: {
        200: z.unknown().describe('The whole file'),
        206: z.unknown().describe('The requested byte range'),
        304: z.null().describe('Not modified'),
        403: errorBodySchema,
        404: errorBodySchema,
        416: errorBodySchema,
      },
    },
    handler: async (request, reply) => {
      const result = await serveFile(deps, {
        id: request.params.id,
        method: request.method === 'HEAD' ? 'HEAD' : 'GET',
        range: header(request.headers.range),
        ifRange: header(request.headers['if-range']),
        ifNoneMatch: header(request.headers['if-none-match']),
      });
      // Read before the headers go on the reply: a failed read is then a clean error answer.
      const bytes = result.bytes ? await result.bytes() : undefined;
      reply.status(result.status).headers(result.headers);
      if (bytes) return reply.send(bytes);
      return result.body ? reply.send(result.body()) : reply.send();
    },
  });
}
