import { sql } from 'kysely';
import type { Db } from '../src/db/client';

export type OutboxRow = {
  id: string;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  text: string;
  html: string | null;
  template: string;
  createdAt: Date;
};

/** Every message stored for a recipient (email address or E.164 number, case-insensitive), newest first. */
export async function outbox(db: Db, to: string): Promise<OutboxRow[]> {
  const rows = await db
    .selectFrom('outbox_messages')
    .selectAll()
    .where(sql<string>`lower(recipient)`, '=', to.toLowerCase())
    .orderBy('created_at', 'desc')
    .orderBy('seq', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    recipient: row.recipient,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    template: row.template,
    createdAt: row.created_at,
  }));
}

async function latest(db: Db, to: string): Promise<OutboxRow> {
  const [row] = await outbox(db, to);
  if (!row) throw new Error(`outbox: no message to ${to}`);
  return row;
}

/** The 6-digit code in the latest message to `to`. */
export async function latestCode(db: Db, to: string): Promise<string> {
  const row = await latest(db, to);
  const match = /(?<!\d)(\d{6})(?!\d)/.exec(row.text);
  if (!match) throw new Error(`outbox: no 6-digit code in the latest message to ${to}: ${row.text}`);
  return match[1]!;
}

/** The first URL in the latest message's text whose path starts with `pathPrefix`, e.g. '/auth/change-password'. */
export async function latestLink(db: Db, to: string, pathPrefix: string): Promise<string> {
  const row = await latest(db, to);
  for (const [candidate] of row.text.matchAll(/https?:\/\/[^\s<>"')\]]+/g)) {
    try {
      if (new URL(candidate).pathname.startsWith(pathPrefix)) return candidate;
    } catch {
      // not a URL after all; keep looking
    }
  }
  throw new Error(`outbox: no link to ${pathPrefix} in the latest message to ${to}: ${row.text}`);
}
