import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { createSmtpEmailSender, DEFAULT_MAIL_FROM } from './smtp-email';
import { renderEmail } from './render-email';

type Received = { from: string; to: string[]; raw: string };

/** A tiny MIME reader for what nodemailer writes (mailparser is not available). */
type Part = { headers: Record<string, string>; body: string };

function splitPart(raw: string): Part {
  const at = raw.indexOf('\r\n\r\n');
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? '' : raw.slice(at + 4);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(part: Part): string {
  const encoding = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = part.body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return part.body;
}

function parseMessage(raw: string): { headers: Record<string, string>; parts: Record<string, string> } {
  const message = splitPart(raw);
  const boundary = /boundary="?([^";]+)"?/.exec(message.headers['content-type'] ?? '')?.[1];
  const parts: Record<string, string> = {};
  if (boundary) {
    for (const chunk of message.body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const part = splitPart(chunk.replace(/^\r\n/, ''));
      const type = (part.headers['content-type'] ?? '').split(';')[0]!.trim();
      parts[type] = decodeBody(part).replace(/\r\n$/, '');
    }
  } else {
    parts[(message.headers['content-type'] ?? 'text/plain').split(';')[0]!] = decodeBody(message);
  }
  return { headers: message.headers, parts };
}

describe('SMTP email sender (against a real local SMTP server)', () => {
  const received: Received[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address.endsWith('@rejected.test')) {
          const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
          return callback(error);
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers a multipart message with subject, from, to, text and HTML', async () => {
    const sender = createSmtpEmailSender({ url: `smtp://127.0.0.1:${port}` });
    expect(sender.kind).toBe('smtp');
    const content = renderEmail({
      language: 'en',
      preheader: 'Your code is 123456',
      heading: 'Confirm your email — ünïcödé',
      paragraphs: ['Enter this code to confirm your email address.'],
      code: '123456',
      button: { label: 'Confirm email', url: 'http://localhost:3000/register/verify-email?token=abc' },
    });
    await sender.send({
      to: 'listener@example.test',
      subject: 'Confirm your email',
      template: 'verify-email',
      ...content,
    });
    sender.close();

    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.from).toBe('no-reply@cuewave.local');
    expect(mail.to).toEqual(['listener@example.test']);
    const { headers, parts } = parseMessage(mail.raw);
    expect(headers.subject).toBe('Confirm your email');
    expect(headers.from).toBe(DEFAULT_MAIL_FROM);
    expect(headers.to).toBe('listener@example.test');
    expect(headers['x-cuewave-template']).toBe('verify-email');
    expect(headers['content-type']).toMatch(/^multipart\/alternative/);
    expect(parts['text/plain']!.replace(/\r\n/g, '\n').trimEnd()).toBe(content.text.trimEnd());
    expect(parts['text/html']).toContain('ünïcödé');
    expect(parts['text/html']).toContain('href="http://localhost:3000/register/verify-email?token=abc"');
    expect(parts['text/html']).toContain('>123456<');
  });

  it('uses MAIL_FROM when given', async () => {
    const sender = createSmtpEmailSender({ url: `smtp://127.0.0.1:${port}`, from: 'Store <shop@cuewave.test>' });
    await sender.send({ to: 'a@example.test', subject: 'Hi', text: 'Hi', html: '<p>Hi</p>', template: 't' });
    sender.close();
    const mail = received.at(-1)!;
    expect(mail.from).toBe('shop@cuewave.test');
    expect(parseMessage(mail.raw).headers.from).toBe('Store <shop@cuewave.test>');
  });

  it('throws when the server rejects the recipient', async () => {
    const before = received.length;
    const sender = createSmtpEmailSender({ url: `smtp://127.0.0.1:${port}` });
    await expect(
      sender.send({ to: 'nobody@rejected.test', subject: 'x', text: 'x', html: '<p>x</p>', template: 't' }),
    ).rejects.toThrow(/550|Mailbox unavailable/);
    sender.close();
    expect(received).toHaveLength(before);
  });

  it('throws when no server listens', async () => {
    const probe = new SMTPServer({ disabledCommands: ['STARTTLS'], logger: false });
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const deadPort = (probe.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const sender = createSmtpEmailSender({ url: `smtp://127.0.0.1:${deadPort}` });
    await expect(
      sender.send({ to: 'a@example.test', subject: 'x', text: 'x', html: 'x', template: 't' }),
    ).rejects.toThrow(/ECONNREFUSED/);
    sender.close();
  });
});
