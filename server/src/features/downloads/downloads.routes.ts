import { z } from 'zod';
import {
  downloadHistoryQuerySchema,
  downloadHistorySchema,
  downloadIdParamsSchema,
  productDownloadQuerySchema,
  productDownloadSchema,
} from '@cuewave/contract/downloads';
import { errorBodySchema } from '@cuewave/contract/errors';
import type { FeatureDeps, ZodApp } from '../../deps';
import { accountIdOf, requireAuth } from '../auth/require-auth';
import { enqueueCatalogBackfillIfNeeded } from './catalog-backfill';
import { downloadCertificate, listDownloads, productDownload, serveSignedDownload } from './downloads.service';

const e = errorBodySchema;
const tags = ['downloads'];
const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Track and stem downloads, the download history and per-track certificates (decision 055). */
export async function registerDownloadRoutes(app: ZodApp, deps: FeatureDeps): Promise<void> {
  const preHandler = requireAuth(deps);

  app.get(
    '/api/v1/product/:id/download',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Signed download URLs for the picked files and formats of a product',
        description:
          'files: vocal, instrumental, stem_bass, stem_instruments, master (default: the main version); format: mp3 ' +
          '(320 kbps CBR) and/or wav (the master’s sample rate and bit depth), default mp3. 200 ready: one signed URL ' +
          'per file and format (10 minutes, bound to the account), recorded as a download. 202 preparing: a format is ' +
          'being produced (job ids given); ask again after retryAfterMs. 400 FILE_NOT_AVAILABLE (e.g. stems of a track ' +
          'without stems) or VALIDATION_FAILED (unsupported format); 401 signed out; 403 DOWNLOAD_NO_SUBSCRIPTION, ' +
          'DOWNLOAD_SUBSCRIPTION_ENDED or DOWNLOAD_PAYMENT_PENDING; 404 unknown product; 429 DOWNLOAD_LIMIT_REACHED ' +
          '(distinct tracks per account and UTC day, Retry-After).',
        params: z.object({ id: z.string().min(1).max(200) }),
        querystring: productDownloadQuerySchema,
        response: { 200: productDownloadSchema, 202: productDownloadSchema, 400: e, 401: e, 403: e, 404: e, 429: e },
      },
    },
    async (request, reply) => {
      const result = await productDownload(deps, accountIdOf(request), request.params.id, request.query);
      void reply.header('cache-control', 'private, no-store');
      return reply.status(result.status === 'ready' ? 200 : 202).send(result);
    },
  );

  app.get(
    '/api/v1/download',
    {
      preHandler,
      schema: {
        tags,
        summary: 'The signed-in user’s downloads, newest first',
        description:
          'Each with its product and the licence that covers it. Re-download: GET /v1/product/{id}/download.',
        querystring: downloadHistoryQuerySchema,
        response: { 200: downloadHistorySchema, 401: e },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return listDownloads(deps, accountIdOf(request), request.query);
    },
  );

  app.get(
    '/api/v1/download/:downloadId/license',
    {
      preHandler,
      schema: {
        tags,
        summary: 'The per-track licence certificate of a download (PDF)',
        description: 'Names the track, the licensee, the plan and channels; its code is checked on /licenses/verify.',
        params: downloadIdParamsSchema,
        response: { 200: z.unknown().describe('application/pdf'), 401: e, 404: e },
      },
    },
    async (request, reply) => {
      const { code, pdf } = await downloadCertificate(deps, accountIdOf(request), request.params.downloadId);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="cuewave-track-licence-${code}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.route({
    method: ['GET', 'HEAD'],
    // The token rides in the query: path parameters are capped at a few hundred characters.
    url: '/api/v1/download/file',
    schema: {
      tags,
      summary: 'The bytes behind a signed download URL, with byte ranges',
      description:
        'Content-Disposition attachment with the download name. 403 DOWNLOAD_LINK_INVALID for an altered or expired ' +
        'link; 403 DOWNLOAD_* when the account can no longer download.',
      querystring: z.object({ token: z.string().min(1).max(2000) }),
      headers: z.object({
        range: z.string().optional(),
        'if-range': z.string().optional(),
        'if-none-match': z.string().optional(),
      }),
      response: { 200: z.unknown(), 206: z.unknown(), 304: z.null(), 403: e, 404: e, 416: e },
    },
    handler: async (request, reply) => {
      const result = await serveSignedDownload(deps, request.query.token, {
        method: request.method === 'HEAD' ? 'HEAD' : 'GET',
        range: header(request.headers.range),
        ifRange: header(request.headers['if-range']),
        ifNoneMatch: header(request.headers['if-none-match']),
      });
      reply.status(result.status).headers(result.headers);
      return result.body ? reply.send(result.body()) : reply.send();
    },
  });

  // Catalogues from before decision 055 get their stem previews and lossless instrumentals in the
  // background, once (the dedupe key keeps every instance from queueing its own).
  app.addHook('onReady', async () => {
    try {
      await enqueueCatalogBackfillIfNeeded(deps, deps.clock);
    } catch (error) {
      app.log.error({ err: error }, 'could not queue the downloads backfill');
    }
  });
}
