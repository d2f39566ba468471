import { z } from './zod';

/**
 * The development mailbox (GET /api/dev/outbox): every email and SMS the store "sent" while messages go
 * to the outbox instead of an SMTP server or SMS gateway. Served only while the mailbox is enabled.
 */
export const outboxChannelSchema = z.enum(['email', 'sms']);
export type OutboxChannel = z.infer<typeof outboxChannelSchema>;

export const outboxItemSchema = z
  .object({
    id: z.uuid(),
    channel: outboxChannelSchema,
    recipient: z.string().describe('Email address or E.164 phone number'),
    subject: z.string().nullable().describe('Null for SMS'),
    text: z.string(),
    html: z.string().nullable().describe('Null for SMS'),
    template: z.string().describe('Which message this is, e.g. verify-email'),
    createTS: z.string().describe('ISO time'),
  })
  .meta({ id: 'OutboxItem' });
export type OutboxItem = z.infer<typeof outboxItemSchema>;

export const OUTBOX_DEFAULT_LIMIT = 50;
export const OUTBOX_MAX_LIMIT = 200;

export const outboxQuerySchema = z.object({
  to: z.string().trim().min(1).max(320).optional().describe('Only messages to this recipient (case-insensitive)'),
  channel: outboxChannelSchema.optional(),
  limit: z.coerce.number().int().min(1).max(OUTBOX_MAX_LIMIT).default(OUTBOX_DEFAULT_LIMIT),
});

export const outboxListSchema = z.object({ items: z.array(outboxItemSchema) }).meta({ id: 'OutboxList' });
export type OutboxList = z.infer<typeof outboxListSchema>;

/** Any string: an id that is not a message id answers 404 like an unknown one. */
export const outboxParamsSchema = z.object({ id: z.string().max(100) });
