import { z } from './zod';
import { emailSchema } from './account';
import { CONTACT_LIMITS, CONTACT_TOPICS } from './contact-topics';

/**
 * The public contact form (/contact) and the signed-in support form (/dashboard/support) (issue 15,
 * decision 069). The same limits check the form in the browser and the body on the server.
 */
export { CONTACT_LIMITS, CONTACT_TOPICS, CONTACT_TOPIC_LABELS, type ContactTopic } from './contact-topics';

export const contactTopicSchema = z.enum(CONTACT_TOPICS);

const messageSchema = z
  .string()
  .trim()
  .min(CONTACT_LIMITS.messageMin, `Tell us a little more (at least ${CONTACT_LIMITS.messageMin} characters).`)
  .max(CONTACT_LIMITS.message, `Use at most ${CONTACT_LIMITS.message} characters.`);

/** POST /v1/contact (public, captcha). */
export const contactBodySchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Enter your name.')
      .max(CONTACT_LIMITS.name, `Use at most ${CONTACT_LIMITS.name} characters for your name.`),
    email: emailSchema,
    topic: contactTopicSchema.describe('What the message is about'),
    message: messageSchema,
    captcha: z.string().max(20_000).describe('Captcha solution (ALTCHA payload or reCAPTCHA token)'),
  })
  .meta({ id: 'ContactBody' });
export type ContactBody = z.input<typeof contactBodySchema>;

/** 202: the message is stored and with the team; the visitor gets a copy by email. */
export const contactResultSchema = z.object({ received: z.literal(true) }).meta({ id: 'ContactResult' });

/** POST /v1/support/requests (signed in): the account's email is the reply address. */
export const supportBodySchema = z
  .object({ topic: contactTopicSchema, message: messageSchema })
  .meta({ id: 'SupportRequestBody' });
export type SupportBody = z.input<typeof supportBodySchema>;

/** One support request as its author sees it. The message is plain text, never markup. */
export const supportRequestSchema = z
  .object({
    id: z.uuid(),
    topic: contactTopicSchema,
    message: z.string(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'SupportRequest' });
export type SupportRequest = z.infer<typeof supportRequestSchema>;

/** GET /v1/support/requests: the signed-in user's own requests, newest first. */
export const supportHistorySchema = z.object({ items: z.array(supportRequestSchema) }).meta({ id: 'SupportHistory' });
export type SupportHistory = z.infer<typeof supportHistorySchema>;

export const supportRequestParamsSchema = z.object({ id: z.string().max(100) });

/**
 * GET /v1/site/legal: who runs this store and which outside processors this installation uses, so the
 * privacy policy, terms and contact page state what is configured rather than a guess (decision 069).
 */
export const legalFactsSchema = z
  .object({
    seller: z.object({ name: z.string(), addressLines: z.array(z.string()), vatId: z.string() }),
    supportEmail: z.string(),
    salesEmail: z.string(),
    processors: z.object({
      payments: z.enum(['stripe', 'sandbox']).describe('stripe: Stripe; sandbox: no outside processor'),
      email: z.enum(['smtp', 'outbox']).describe('smtp: a mail server; outbox: kept on this server only'),
      sms: z.enum(['http', 'outbox']).describe('http: an SMS gateway; outbox: kept on this server only'),
      captcha: z.enum(['recaptcha', 'altcha']).describe('recaptcha: Google reCAPTCHA; altcha: in-house proof of work'),
      embeddings: z.enum(['external', 'embedded']).describe('external: AI search prompts go to EMBEDDINGS_URL'),
      storage: z.enum(['s3', 'local']).describe('s3: an S3-compatible bucket; local: this server’s disk'),
    }),
  })
  .meta({ id: 'LegalFacts' });
export type LegalFacts = z.infer<typeof legalFactsSchema>;
