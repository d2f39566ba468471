import { sql, type Selectable } from 'kysely';
import { errorBodySchema } from '@cuewave/contract/errors';
import {
  outboxItemSchema,
  outboxListSchema,
  outboxParamsSchema,
  outboxQuerySchema,
  type OutboxItem,
} from '@cuewave/contract/dev';
import type { FeatureDeps, ZodApp } from '../../deps';
import type { OutboxMessagesTable } from '../../db/schema';
import { AppError } from '../../lib/errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toItem(row: Selectable<OutboxMessagesTable>): OutboxItem {
  return {
    id: row.id,
    channel: row.channel,
    recipient: row.recipient,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    template: row.template,
    createTS: row.created_at.toISOString(),
  };
}

/**
 * The development mailbox's API: the messages the outbox providers stored, newest first. It exists
 * only while `config.mailboxEnabled` (by default: while email goes to the outbox); otherwise every
 * path answers 404 as if there were no such route, because the outbox holds other people's codes
 * and links.
 */
export async function registerDevRoutes(app: ZodApp, deps: FeatureDeps): Promise<void> {
  const requireMailbox = () => {
    if (!deps.config.mailboxEnabled) throw new AppError('NOT_FOUND', 'Not found');
  };
  const tags = ['dev'];

  app.get(
    '/api/dev/outbox',
    {
      schema: {
        tags,
        summary: 'Development mailbox: stored emails and SMS, newest first',
        querystring: outboxQuerySchema,
        response: { 200: outboxListSchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      requireMailbox();
      reply.header('cache-control', 'no-store');
      const { to, channel, limit } = request.query;
      let query = deps.db.selectFrom('outbox_messages').selectAll();
      if (to) query = query.where(sql<string>`lower(recipient)`, '=', to.toLowerCase());
      if (channel) query = query.where('channel', '=', channel);
      const rows = await query.orderBy('created_at', 'desc').orderBy('seq', 'desc').limit(limit).execute();
      return { items: rows.map(toItem) };
    },
  );

  app.get(
    '/api/dev/outbox/:id',
    {
      schema: {
        tags,
        summary: 'Development mailbox: one stored message',
        params: outboxParamsSchema,
        response: { 200: outboxItemSchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      requireMailbox();
      reply.header('cache-control', 'no-store');
      const { id } = request.params;
      const row = UUID.test(id)
        ? await deps.db.selectFrom('outbox_messages').selectAll().where('id', '=', id).executeTakeFirst()
        : undefined;
      if (!row) throw new AppError('NOT_FOUND', 'Message not found');
      return toItem(row);
    },
  );
}
