import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { SmsSender } from './sms';

/** The embedded default: every SMS is stored in `outbox_messages` (channel 'sms') for the mailbox. */
export function createOutboxSmsSender(deps: { db: Db; clock: Clock }): SmsSender {
  return {
    kind: 'outbox',
    async send(message) {
      await deps.db
        .insertInto('outbox_messages')
        .values({
          id: randomUUID(),
          channel: 'sms',
          recipient: message.to,
          subject: null,
          text_body: message.text,
          html_body: null,
          template: message.template,
          created_at: deps.clock.now(),
        })
        .execute();
    },
  };
}
