import type { Db } from '../../db/client';

/** An email the store sends: always both HTML and plain text. `template` names it for the outbox. */
export type EmailMessage = { to: string; subject: string; text: string; html: string; template: string };

/** Outbox (embedded default: stored, shown on the development mailbox page) or SMTP (SMTP_URL). */
export type EmailSender = {
  kind: 'outbox' | 'smtp';
  send(message: EmailMessage): Promise<void>;
  /**
   * The same sender writing through a caller's transaction, for senders that keep messages in the
   * database: the message then commits or rolls back with the change it announces (decision 048).
   * Absent when sending does not touch the database (SMTP sends at once; a failure throws).
   */
  inTransaction?(db: Db): EmailSender;
};
