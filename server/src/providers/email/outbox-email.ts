import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { EmailSender } from './email';

/**
 * The embedded default: every email is stored in `outbox_messages` and nothing leaves the machine. The
 * development mailbox (GET /api/dev/outbox, page /dev/mailbox) reads them back.
 */
export function createOutboxEmailSender(deps: { db: Db; clock: Clock }): EmailSender {
  return {
    kind: 'outbox',
    async send(message) {
      await deps.db
        .insertInto('outbox_messages')
        .values({
          id: randomUUID(),
          channel: 'email',
          recipient: message.to,
          subject: message.subject,
          text_body: message.text,
          html_body: message.html,
          template: message.template,
          created_at: deps.clock.now(),
        })
        .execute();
    },
    inTransaction: (db) => createOutboxEmailSender({ db, clock: deps.clock }),
  };
}
