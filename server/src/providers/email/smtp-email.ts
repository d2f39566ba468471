import nodemailer from 'nodemailer';
import type { EmailSender } from './email';

export const DEFAULT_MAIL_FROM = 'Cuewave <no-reply@cuewave.local>';

/**
 * Email through an SMTP server (SMTP_URL): smtp://user:pass@host:587 (STARTTLS when offered) or
 * smtps://user:pass@host:465 (TLS from the start). Each message is multipart/alternative with the
 * plain text first and the HTML second, so clients pick the richest part they can show. A refused
 * message or an unreachable server throws; the caller decides what the user sees.
 */
export function createSmtpEmailSender(options: { url: string; from?: string }): EmailSender & { close(): void } {
  const transport = nodemailer.createTransport({
    url: options.url,
    // Fail a request in seconds rather than hang it on a dead server (nodemailer waits minutes).
    // Settings in the URL's query (e.g. ?connectionTimeout=5000) take precedence.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const from = options.from ?? DEFAULT_MAIL_FROM;
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: { 'X-Cuewave-Template': message.template },
      });
    },
    close: () => transport.close(),
  };
}
