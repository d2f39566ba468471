import { z } from 'zod';

/** An empty variable (`SMTP_URL=` in a .env file) means unset, not an invalid value. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const urlWithScheme = (schemes: string[], example: string) =>
  z.string().refine(
    (value) => {
      try {
        return schemes.includes(new URL(value).protocol.replace(/:$/, ''));
      } catch {
        return false;
      }
    },
    `must be a ${schemes.map((s) => `${s}://`).join(' or ')} URL, e.g. ${example}`,
  );

/** A Sentry DSN: http(s)://<public key>@<host>/<project id>. */
const sentryDsn = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && url.username !== '' && /^\/(?:.*\/)?\d+$/.test(url.pathname);
  } catch {
    return false;
  }
}, 'must be a Sentry DSN, e.g. https://<key>@o123.ingest.sentry.io/456');

/**
 * Configuration, parsed once at start. Every variable is listed in the README's configuration table
 * with its default; a bad value stops the process with a readable message instead of failing later.
 */
const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    PUBLIC_URL: z.url().optional().describe('Public origin used in canonical links, e.g. https://cuewave.example'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    FFMPEG_PATH: z.string().min(1).optional(),
    // auto: on an empty catalogue the demo is built by a job while the store serves; wait: built before serving.
    DEMO_CATALOG: z.enum(['auto', 'wait', 'off']).default('auto'),
    DEMO_SONGS: z.coerce.number().int().min(0).max(5000).default(200),
    DEMO_SFX: z.coerce.number().int().min(0).max(5000).default(200),
    SERVE_WEB: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    WEB_BUILD_DIR: z.string().min(1).default('web/build').describe('Relative to the repository root'),
    // Subscriptions (decision 045): how often the server runs the renewal job; 0 turns it off (then
    // run `npm run renewals` from a scheduler instead).
    RENEWALS_EVERY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
    // Graceful stop (decision 050): how long SIGTERM/SIGINT waits for the requests in flight before it cuts them.
    // The durable job queue (decision 049): this instance's workers; JOB_WORKERS=off makes an API-only instance.
    JOB_WORKERS: z.enum(['on', 'off']).default('on'),
    JOB_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
    JOB_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
    JOB_LEASE_SECONDS: z.coerce.number().min(1).max(3600).default(60),
    // Shared file storage (decision 057): an S3-compatible bucket when S3_BUCKET is set (AWS S3, MinIO,
    // Cloudflare R2, Backblaze B2); the folder DATA_DIR/files otherwise.
    S3_BUCKET: optional(
      z
        .string()
        .regex(
          /^[A-Za-z0-9][A-Za-z0-9.\-_]{1,61}[A-Za-z0-9]$/,
          'must be a bucket name (3–63 letters, digits, dots or hyphens), e.g. cuewave-files',
        ),
    ),
    S3_ENDPOINT: optional(urlWithScheme(['http', 'https'], 'https://<account>.r2.cloudflarestorage.com')),
    S3_PUBLIC_ENDPOINT: optional(urlWithScheme(['http', 'https'], 'https://files.cuewave.example')),
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    S3_FORCE_PATH_STYLE: optional(z.enum(['true', 'false']).transform((v) => v === 'true')),
    S3_ACCESS_KEY_ID: optional(z.string().regex(/^\S+$/, 'must not contain spaces')),
    S3_SECRET_ACCESS_KEY: optional(z.string().regex(/^\S+$/, 'must not contain spaces')),
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(600).default(8),
    // Previews (decision 073): when set, /api/cdn checks each request and hands the file to the reverse
    // proxy in front (nginx X-Accel-Redirect) under this internal location, instead of sending the bytes.
    ACCEL_REDIRECT_PREFIX: optional(
      z
        .string()
        .regex(
          /^\/(?:(?!\.{1,2}\/)[A-Za-z0-9._~-]+\/)*$/,
          'must be an absolute path that starts and ends with / (letters, digits, . _ ~ -; no . or .. segments), e.g. /_files/',
        ),
    ),
    // Downloads (decision 055): fair use, distinct products per account and UTC day.
    DOWNLOADS_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(300),
    // Who sells (printed on receipts) and where enterprise enquiries go; defaults are an example company.
    SELLER_NAME: optional(z.string().trim().min(2).max(120)),
    SELLER_ADDRESS: optional(
      z
        .string()
        .max(300)
        .transform((v) =>
          v
            .split(';')
            .map((line) => line.trim())
            .filter(Boolean),
        )
        .pipe(
          z.array(z.string()).min(1, 'needs at least one address line').max(4, 'has at most 4 lines, separated by ;'),
        ),
    ),
    SELLER_VAT_ID: optional(
      z.string().regex(/^PL\d{10}$/, 'must be PL followed by the 10-digit NIP, e.g. PL5273123454'),
    ),
    SALES_EMAIL: optional(z.email('must be an email address, e.g. sales@cuewave.example')),
    // Operators (issue 15): accounts that may switch maintenance and keep the site while it is on.
    OPERATOR_EMAILS: optional(
      z
        .string()
        .transform((v) =>
          v
            .split(',')
            .map((email) => email.trim().toLowerCase())
            .filter(Boolean),
        )
        .pipe(z.array(z.email('must be email addresses separated by commas, e.g. ops@cuewave.example')).max(50)),
    ),
    SUPPORT_EMAIL: optional(z.email('must be an email address, e.g. support@cuewave.example')),

    // Accounts: where email and SMS go, captcha, shared rate limits, cookies (README, decision 031).
    SMTP_URL: optional(urlWithScheme(['smtp', 'smtps'], 'smtps://user:password@smtp.example.com:465')),
    MAIL_FROM: z
      .string()
      .regex(
        /^(?:[^<>@\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/,
        'must be an address, e.g. Cuewave <no-reply@cuewave.example>',
      )
      .default('Cuewave <no-reply@cuewave.local>'),
    SMS_HTTP_URL: optional(urlWithScheme(['http', 'https'], 'https://sms-gateway.example/send')),
    SMS_HTTP_TOKEN: optional(z.string().regex(/^\S+$/, 'must not contain spaces')),
    SMS_FROM: z
      .string()
      .regex(/^(?:[A-Za-z0-9 ]{1,11}|\+[1-9]\d{6,14})$/, 'must be up to 11 letters/digits or an E.164 number')
      .default('Cuewave'),
    RECAPTCHA_SITE_KEY: optional(z.string().regex(/^[\w-]{10,100}$/, 'does not look like a reCAPTCHA key')),
    RECAPTCHA_SECRET_KEY: optional(z.string().regex(/^[\w-]{10,100}$/, 'does not look like a reCAPTCHA key')),
    RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
    REDIS_URL: optional(urlWithScheme(['redis', 'rediss'], 'redis://127.0.0.1:6379')),
    COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
    MAILBOX: z.enum(['auto', 'on', 'off']).default('auto'),
    // Card payments (decision 043): Stripe when STRIPE_SECRET_KEY is set, the sandbox processor otherwise.
    STRIPE_SECRET_KEY: optional(
      z.string().regex(/^(sk|rk)_(test|live)_\w{8,}$/, 'must be a Stripe secret key, sk_test_… or sk_live_…'),
    ),
    STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_\w{8,}$/, 'must be a webhook signing secret, whsec_…')),
    STRIPE_PUBLISHABLE_KEY: optional(
      z.string().regex(/^pk_(test|live)_\w{8,}$/, 'must be a Stripe publishable key, pk_test_… or pk_live_…'),
    ),
    // AI search embeddings (decision 059): an OpenAI-compatible /v1/embeddings endpoint (OpenAI, Ollama,
    // text-embeddings-inference, vLLM, LocalAI) when EMBEDDINGS_URL is set; the embedded engine otherwise.
    EMBEDDINGS_URL: optional(urlWithScheme(['http', 'https'], 'http://127.0.0.1:11434 or https://api.openai.com')),
    EMBEDDINGS_MODEL: z.string().trim().min(1).max(200).default('text-embedding-3-small'),
    EMBEDDINGS_API_KEY: optional(z.string().regex(/^\S+$/, 'must not contain spaces')),
    EMBEDDINGS_DIMENSIONS: optional(z.coerce.number().int().min(1).max(8192)),
    EMBEDDINGS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
    // Analytics and error reporting (decision 071): each loads only when configured; with none set, pages
    // make no request outside their own origin. Session recording also waits for analytics consent.
    GTM_ID: optional(z.string().regex(/^GTM-[A-Z0-9]{4,12}$/, 'must be a Tag Manager container id, e.g. GTM-ABC1234')),
    HOTJAR_ID: optional(z.string().regex(/^[1-9]\d{4,9}$/, 'must be a Hotjar site id (digits), e.g. 1234567')),
    SENTRY_DSN: optional(sentryDsn),
    SENTRY_WEB_DSN: optional(sentryDsn),
    SENTRY_ENVIRONMENT: optional(
      z.string().regex(/^[a-z][a-z0-9_-]{0,63}$/, 'must be a lower-case name, e.g. production or staging'),
    ),
    SENTRY_TRACES_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(0),
    // Whose X-Forwarded-For / -Proto to believe: 'loopback' (default), 'true' (any proxy), or a
    // comma-separated list of addresses/CIDRs of your load balancers.
    TRUST_PROXY: z
      .string()
      .trim()
      .min(1)
      .default('loopback')
      .transform((v): boolean | string => (v === 'true' ? true : v === 'false' ? false : v)),
  })
  .superRefine((env, ctx) => {
    if (!env.S3_BUCKET) {
      for (const name of ['S3_ENDPOINT', 'S3_PUBLIC_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (env[name])
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'is set but S3_BUCKET is not (files would stay on disk)',
          });
      }
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message:
          'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together (or neither, for the AWS default credentials)',
      });
    }
    // Stripe needs all three: the secret key charges, the webhook secret verifies events, the
    // publishable key lets the web's stripe.js collect cards.
    if (env.STRIPE_SECRET_KEY) {
      for (const name of ['STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY'] as const) {
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: `is required with STRIPE_SECRET_KEY` });
      }
    }
    if (Boolean(env.RECAPTCHA_SITE_KEY) !== Boolean(env.RECAPTCHA_SECRET_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.RECAPTCHA_SITE_KEY ? 'RECAPTCHA_SECRET_KEY' : 'RECAPTCHA_SITE_KEY'],
        message: 'RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY are set together (or neither, for ALTCHA)',
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}
