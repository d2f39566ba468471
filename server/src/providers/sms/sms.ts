export type SmsMessage = { to: string; text: string; template: string };

/** Outbox (embedded default) or an HTTP SMS gateway (SMS_HTTP_URL). `to` is E.164. */
export type SmsSender = { kind: 'outbox' | 'http'; send(message: SmsMessage): Promise<void> };
