import { DEFAULT_SALES_EMAIL } from '../features/enterprise/enterprise.service';
import { DEFAULT_SUPPORT_EMAIL } from '../features/contact/contact.service';
import { DEFAULT_SELLER } from '../features/payment/receipt-seller';
import type { Db } from '../db/client';
import type { Env } from '../env';
import type { Clock } from '../lib/clock';
import { createAltchaCaptcha } from './captcha/altcha-captcha';
import { createRecaptchaCaptcha } from './captcha/recaptcha-captcha';
import { createOutboxEmailSender } from './email/outbox-email';
import { createEmbeddings } from './embeddings/create-embeddings';
import { createEmbeddedEmbeddings } from './embeddings/embedded-engine';
import { createSandboxProcessor } from './payments/sandbox-processor';
import { createStripeClient } from './payments/stripe-client';
import { createDbStripeCustomerStore } from './payments/stripe-customers';
import { createStripeProcessor } from './payments/stripe-processor';
import { createSmtpEmailSender } from './email/smtp-email';
import type { AppConfig, Providers } from './providers';
import { createMemoryRateLimiter } from './rate-limit/memory-rate-limit';
import { createRedisRateLimiter } from './rate-limit/redis-rate-limit';
import { createHttpSmsSender } from './sms/http-sms';
import { createOutboxSmsSender } from './sms/outbox-sms';

/**
 * The embedded defaults, needing nothing but the database: email and SMS into the outbox, ALTCHA
 * proof of work, in-process rate limits. `altchaCost` (PBKDF2 iterations per attempt) lets tests make
 * a solve take milliseconds.
 */
export async function createEmbeddedProviders(opts: { db: Db; clock: Clock; altchaCost?: number }): Promise<Providers> {
  const rateLimiter = createMemoryRateLimiter({ clock: opts.clock });
  return {
    email: createOutboxEmailSender(opts),
    sms: createOutboxSmsSender(opts),
    captcha: createAltchaCaptcha(
      { db: opts.db, clock: opts.clock, rateLimiter },
      opts.altchaCost === undefined ? {} : { cost: opts.altchaCost },
    ),
    rateLimiter,
    payments: createSandboxProcessor({ db: opts.db, clock: opts.clock, rateLimiter }),
    embeddings: createEmbeddedEmbeddings(),
  };
}

/**
 * Adapters chosen by configuration (README, "Configuration"): each outside system is used when its
 * variable is set, the embedded default otherwise. ALTCHA records used solutions in the same rate
 * limiter, so with REDIS_URL a solution is single-use across every instance.
 */
export async function createProviders(env: Env, deps: { db: Db; clock: Clock }): Promise<Providers> {
  const rateLimiter = env.REDIS_URL
    ? createRedisRateLimiter({ url: env.REDIS_URL })
    : createMemoryRateLimiter({ clock: deps.clock });
  const captcha =
    env.RECAPTCHA_SITE_KEY && env.RECAPTCHA_SECRET_KEY
      ? createRecaptchaCaptcha({
          siteKey: env.RECAPTCHA_SITE_KEY,
          secretKey: env.RECAPTCHA_SECRET_KEY,
          minScore: env.RECAPTCHA_MIN_SCORE,
        })
      : createAltchaCaptcha({ db: deps.db, clock: deps.clock, rateLimiter });
  return {
    email: env.SMTP_URL
      ? createSmtpEmailSender({ url: env.SMTP_URL, from: env.MAIL_FROM })
      : createOutboxEmailSender(deps),
    sms: env.SMS_HTTP_URL
      ? createHttpSmsSender({ url: env.SMS_HTTP_URL, token: env.SMS_HTTP_TOKEN, from: env.SMS_FROM })
      : createOutboxSmsSender(deps),
    captcha,
    rateLimiter,
    // Stripe when its secret key is set (env.ts requires the webhook secret and publishable key with it).
    payments:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET && env.STRIPE_PUBLISHABLE_KEY
        ? createStripeProcessor({
            stripe: createStripeClient({ secretKey: env.STRIPE_SECRET_KEY }),
            customers: createDbStripeCustomerStore(deps.db),
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY,
            clock: deps.clock,
          })
        : createSandboxProcessor({ db: deps.db, clock: deps.clock, rateLimiter }),
    // An OpenAI-compatible endpoint when EMBEDDINGS_URL is set, the embedded engine otherwise.
    embeddings: createEmbeddings(env),
  };
}

/** The settings features read, from the environment. */
export function appConfigFromEnv(env: Env): AppConfig {
  return {
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    cookieSecure: env.COOKIE_SECURE === 'auto' ? 'auto' : env.COOKIE_SECURE === 'true',
    // 'auto': the mailbox is there exactly while email goes to the outbox, where nobody else reads it.
    mailboxEnabled: env.MAILBOX === 'auto' ? !env.SMTP_URL : env.MAILBOX === 'on',
    seller: {
      name: env.SELLER_NAME ?? DEFAULT_SELLER.name,
      addressLines: env.SELLER_ADDRESS ?? DEFAULT_SELLER.addressLines,
      vatId: env.SELLER_VAT_ID ?? DEFAULT_SELLER.vatId,
    },
    salesEmail: env.SALES_EMAIL ?? DEFAULT_SALES_EMAIL,
    supportEmail: env.SUPPORT_EMAIL ?? DEFAULT_SUPPORT_EMAIL,
    downloadsPerDay: env.DOWNLOADS_PER_DAY,
    operatorEmails: env.OPERATOR_EMAILS ?? [],
    accelRedirectPrefix: env.ACCEL_REDIRECT_PREFIX ?? null,
  };
}
