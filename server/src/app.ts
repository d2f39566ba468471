import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { sql } from 'kysely';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@cuewave/contract/errors';
import type { Db } from './db/client';
import { rejectNulCharacters } from './lib/reject-nul';
import { installDrain } from './lib/graceful-stop';
import { installRequestSanity } from './lib/request-sanity';
import { installRequestLog } from './lib/request-log';
import { frameworkErrors, installErrorHandler, MAX_PARAM_LENGTH } from './lib/error-handler';
import { systemClock, type Clock } from './lib/clock';
import type { FileStorage } from './providers/storage/storage';
import { DEFAULT_SELLER } from './features/payment/receipt-seller';
import { DEFAULT_SALES_EMAIL } from './features/enterprise/enterprise.service';
import { DEFAULT_SUPPORT_EMAIL } from './features/contact/contact.service';
import type { AppConfig, Providers } from './providers/providers';
import { createEmbeddedProviders } from './providers/create-providers';
import { registerFeatures } from './features/register';
import { requiresBearer } from './features/auth/require-auth';
import { guardCrossSiteRequests } from './features/auth/cross-site-guard';
import { addSecurityHeaders } from './lib/security-headers';
import type { ErrorReporter } from './lib/error-reporter';
import type { PageTelemetry } from './web-csp';
import { installCompression } from './lib/compression';
import { installPublicCache } from './lib/public-cache';

export type AppDeps = {
  db: Db;
  storage: FileStorage;
  clock?: Clock;
  /** Email, SMS, captcha and rate limits; the embedded defaults (outbox, ALTCHA, in-process) when omitted. */
  providers?: Partial<Providers>;
  config?: Partial<AppConfig>;
  /** Which proxies' X-Forwarded-* headers to believe (TRUST_PROXY); loopback by default. */
  trustProxy?: FastifyServerOptions['trustProxy'];
  logger?: FastifyServerOptions['logger'];
  /** The origin of the storage's presigned URLs (S3), allowed in the pages' connect-src. */
  storageOrigin?: string | null;
  /** Error tracking (SENTRY_DSN, decision 071): 5xx answers are reported; none when null or omitted. */
  errorReporter?: ErrorReporter | null;
  /** Analytics and error reporting the pages load (GTM_ID, HOTJAR_ID, SENTRY_*; decision 071). */
  telemetry?: PageTelemetry;
  /** Absolute path of the React Router build; when set, every non-API path renders the web app. */
  webBuildDir?: string;
};

export type App = FastifyInstance;

/** The whole HTTP application without listen(): main.ts listens, tests call inject(). */
export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    logger: deps.logger ?? false,
    // One line per request, at debug (lib/request-log.ts), instead of Fastify's two at info.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: deps.trustProxy ?? 'loopback',
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app, deps.errorReporter ?? null);
  installRequestLog(app);
  // First hooks of every request: a stopping server refuses newcomers, then bad methods and hosts are refused.
  installDrain(app);
  installRequestSanity(app);
  rejectNulCharacters(app);
  // Before every route (the compressor attaches itself to routes as they are added); the public-read
  // ETag first, so it is taken of the JSON rather than of its compressed bytes (decision 073).
  installPublicCache(app);
  await installCompression(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Cuewave API', version: '1.0.0', description: 'Music and sound-effects licensing store' },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The access_token of POST /api/auth/token (the web app sends its cm-user-token cookie).',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  // requireAuth sets request.auth; declared once so every request has the same shape.
  app.decorateRequest('auth', null);
  // Routes guarded by requireAuth say so in the OpenAPI document.
  app.addHook('onRoute', (route) => {
    if (requiresBearer(route.preHandler)) route.schema = { ...route.schema, security: [{ bearerAuth: [] }] };
  });

  const clock = deps.clock ?? systemClock;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: { 200: z.object({ status: z.literal('ok'), time: z.string() }), 503: errorBodySchema },
      },
    },
    async (_request, reply) => {
      try {
        await sql`select 1`.execute(deps.db);
      } catch {
        return reply.status(503).send({ error: 'SERVICE_UNAVAILABLE', message: 'The database does not answer' });
      }
      return { status: 'ok' as const, time: clock.now().toISOString() };
    },
  );

  const providers: Providers = { ...(await createEmbeddedProviders({ db: deps.db, clock })), ...deps.providers };
  const config: AppConfig = {
    publicUrl: 'http://localhost:3000',
    cookieSecure: 'auto',
    mailboxEnabled: providers.email.kind === 'outbox',
    seller: DEFAULT_SELLER,
    salesEmail: DEFAULT_SALES_EMAIL,
    supportEmail: DEFAULT_SUPPORT_EMAIL,
    ...deps.config,
  };
  app.addHook('onClose', () => providers.rateLimiter.close());
  guardCrossSiteRequests(app, config);
  addSecurityHeaders(app);

  const features = await registerFeatures(api, { db: deps.db, storage: deps.storage, clock, providers, config });

  if (deps.webBuildDir) {
    const { registerWebApp } = await import('./web-app');
    await registerWebApp(
      app,
      deps.webBuildDir,
      {
        stripe: providers.payments.kind === 'stripe',
        recaptcha: providers.captcha.kind === 'recaptcha',
        storageOrigin: deps.storageOrigin ?? null,
        telemetry: deps.telemetry,
      },
      features.maintenancePage,
    );
  }
  return app;
}
