import type { FastifyRequest } from 'fastify';
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
import { isOperatorRequest } from './operator-client';

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
 * The development mailbox's API: the messages the outbox providers stored, newest first. The outbox
 * holds everyone's sign-in codes and reset links, so it answers only while `config.mailboxEnabled`
 * (MAILBOX; by default while email goes to the outbox) and only to this machine's operator (every hop
 * of the client chain is loopback, operator-client.ts). To anyone else every path answers the router's
 * own 404, before validation, and the OpenAPI document leaves it out: it looks like no route at all.
 */
export async function registerDevRoutes(app: ZodApp, deps: FeatureDeps): Promise<void> {
  const onRequest = async (request: FastifyRequest) => {
    if (deps.config.mailboxEnabled && isOperatorRequest(request)) return;
    // The same words as the not-found handler (lib/error-handler.ts) for a path that has no route.
    throw new AppError('NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0]}`);
  };
  const tags = ['dev'];

  app.get(
    '/api/dev/outbox',
    {
      onRequest,
      schema: {
        hide: true,
        tags,
        summary: 'Development mailbox: stored emails and SMS, newest first',
        querystring: outboxQuerySchema,
        response: { 200: outboxListSchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
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
      onRequest,
      schema: {
        hide: true,
        tags,
        summary: 'Development mailbox: one stored message',
        params: outboxParamsSchema,
        response: { 200: outboxItemSchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
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
