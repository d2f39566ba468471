import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { CONTACT_TOPIC_LABELS, type ContactTopic, type SupportRequest } from '@cuewave/contract/contact';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import { renderEmail, type EmailContent } from '../../providers/email/render-email';
import type { Language } from '@cuewave/contract/languages';
import { CONTACT_TEXTS } from './contact-texts';
import type { AppConfig, Providers } from '../../providers/providers';
import type { RateRule } from '../../providers/rate-limit/rate-limit';
import { enforceRateLimits, requireCaptcha } from '../auth/abuse-guards';

export type ContactDeps = {
  db: Db;
  clock: Clock;
  providers: Pick<Providers, 'email' | 'captcha' | 'rateLimiter'>;
  config: Pick<AppConfig, 'supportEmail'>;
};

/** Where messages go unless SUPPORT_EMAIL says otherwise; the development mailbox shows them. */
export const DEFAULT_SUPPORT_EMAIL = 'support@cuewave.local';

const HOUR = 60 * 60;
/**
 * Counted per client (IP address) for the public form and per account for support requests, never per
 * email address alone: anyone could type someone else's address and use up their allowance.
 */
export const CONTACT_RATE = {
  perIp: { limit: 5, windowSeconds: HOUR },
  perAccount: { limit: 10, windowSeconds: HOUR },
} satisfies Record<string, RateRule>;

/** How many of their own requests the dashboard shows. */
export const SUPPORT_HISTORY_LIMIT = 50;

/** Header fields must stay on one line whatever the visitor typed. */
const oneLine = (value: string) => value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();

type StoredMessage = {
  source: 'contact' | 'support';
  accountId: string | null;
  name: string;
  email: string;
  topic: ContactTopic;
  message: string;
  /** The sender's language: their copy is written in it (decision 076). */
  language: Language;
};

async function mail(deps: ContactDeps, to: string, subject: string, template: string, content: EmailContent) {
  // renderEmail escapes every paragraph: markup in a message arrives as text.
  const { html, text } = renderEmail(content);
  await deps.providers.email.send({ to, subject: oneLine(subject), html, text, template });
}

/**
 * Stores the message and mails the team. When the team's mail cannot be sent the row is taken back
 * and the sender is told to try again, so a retry leaves one message, not two. The sender's copy is
 * a courtesy: its failure is logged, not shown.
 */
async function storeAndMail(deps: ContactDeps, input: StoredMessage, log: FastifyBaseLogger): Promise<SupportRequest> {
  const id = randomUUID();
  const createdAt = deps.clock.now();
  await deps.db
    .insertInto('contact_messages')
    .values({
      id,
      source: input.source,
      account_id: input.accountId,
      name: input.name,
      email: input.email,
      topic: input.topic,
      message: input.message,
      created_at: createdAt,
    })
    .execute();

  const label = CONTACT_TOPIC_LABELS[input.topic];
  const origin = input.source === 'support' ? 'Support request from a signed-in customer' : 'Contact form';
  try {
    await mail(deps, deps.config.supportEmail, `${label}: ${input.name}`, `${input.source}-message`, {
      language: 'en',
      preheader: `${oneLine(input.name)} wrote about ${label.toLowerCase()}.`,
      heading: origin,
      paragraphs: [
        `Name: ${oneLine(input.name)}`,
        `Email: ${input.email}`,
        `Topic: ${label}`,
        `Reference: ${id}`,
        'Message:',
        input.message,
      ],
      footnote: `Reply to ${input.email}.`,
    });
  } catch (error) {
    log.error({ err: error, messageId: id }, 'contact: could not mail the team');
    await deps.db.deleteFrom('contact_messages').where('id', '=', id).execute();
    throw new AppError('SERVICE_UNAVAILABLE', CONTACT_TEXTS.en.unavailable, {}, { pl: CONTACT_TEXTS.pl.unavailable });
  }

  // The copy does not repeat the message: the form must not become a way to mail any text to anyone.
  const t = CONTACT_TEXTS[input.language];
  await mail(deps, input.email, t.copy.subject, `${input.source}-message-copy`, {
    language: input.language,
    preheader: t.copy.preheader,
    heading: t.copy.heading,
    paragraphs: t.copy.paragraphs(oneLine(input.name), t.topics[input.topic], id),
    footnote: t.copy.footnote,
  }).catch((error: unknown) => log.warn({ err: error, messageId: id }, 'contact: could not mail the copy'));

  return { id, topic: input.topic, message: input.message, createdAt: createdAt.toISOString() };
}

/** POST /v1/contact: rate limited per client, captcha checked, stored, mailed to the team. */
export async function submitContactMessage(
  deps: ContactDeps,
  input: { name: string; email: string; topic: ContactTopic; message: string; captcha: string },
  context: { ip: string; log: FastifyBaseLogger; language: Language },
): Promise<void> {
  await enforceRateLimits(deps.providers, [{ key: `contact:ip:${context.ip}`, rule: CONTACT_RATE.perIp }]);
  await requireCaptcha(deps.providers, input.captcha, { ip: context.ip, action: 'contact' });
  await storeAndMail(
    deps,
    {
      source: 'contact',
      accountId: null,
      name: input.name,
      email: input.email,
      topic: input.topic,
      message: input.message,
      language: context.language,
    },
    context.log,
  );
}

/** POST /v1/support/requests: the signed-in account is the sender; limited per account. */
export async function submitSupportRequest(
  deps: ContactDeps,
  accountId: string,
  input: { topic: ContactTopic; message: string },
  log: FastifyBaseLogger,
): Promise<SupportRequest> {
  await enforceRateLimits(deps.providers, [{ key: `support:account:${accountId}`, rule: CONTACT_RATE.perAccount }]);
  const account = await deps.db
    .selectFrom('accounts')
    .select(['email', 'language'])
    .where('id', '=', accountId)
    .executeTakeFirst();
  if (!account) throw notFound('Account');
  const { email, language } = account;
  return storeAndMail(deps, { source: 'support', accountId, name: email, email, language, ...input }, log);
}

const toRequest = (row: { id: string; topic: string; message: string; created_at: Date }): SupportRequest => ({
  id: row.id,
  topic: row.topic as ContactTopic,
  message: row.message,
  createdAt: row.created_at.toISOString(),
});

/** The account's own support requests, newest first. */
export async function listSupportRequests(deps: Pick<ContactDeps, 'db'>, accountId: string): Promise<SupportRequest[]> {
  const rows = await deps.db
    .selectFrom('contact_messages')
    .select(['id', 'topic', 'message', 'created_at'])
    .where('account_id', '=', accountId)
    .where('source', '=', 'support')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(SUPPORT_HISTORY_LIMIT)
    .execute();
  return rows.map(toRequest);
}

/** One of the account's own requests; another account's (or a malformed id) is simply not found. */
export async function getSupportRequest(
  deps: Pick<ContactDeps, 'db'>,
  accountId: string,
  id: string,
): Promise<SupportRequest> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw notFound('Support request');
  const row = await deps.db
    .selectFrom('contact_messages')
    .select(['id', 'topic', 'message', 'created_at'])
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('source', '=', 'support')
    .executeTakeFirst();
  if (!row) throw notFound('Support request');
  return toRequest(row);
}
