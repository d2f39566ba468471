/** An email the store sends: always both HTML and plain text. `template` names it for the outbox. */
export type EmailMessage = { to: string; subject: string; text: string; html: string; template: string };

/** Outbox (embedded default: stored, shown on the development mailbox page) or SMTP (SMTP_URL). */
export type EmailSender = { kind: 'outbox' | 'smtp'; send(message: EmailMessage): Promise<void> };
