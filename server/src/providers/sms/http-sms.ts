import type { SmsSender } from './sms';

export const DEFAULT_SMS_FROM = 'Cuewave';

/**
 * SMS through an HTTP gateway (SMS_HTTP_URL): POST JSON `{ to, from, text }` with an optional bearer
 * token. Gateways differ in everything else, so a small adapter in front of the real one (or a gateway
 * that accepts this shape) is the integration point. Any 2xx is sent; anything else, a timeout or an
 * unreachable gateway throws.
 */
export function createHttpSmsSender(options: {
  url: string;
  token?: string;
  from?: string;
  timeoutMs?: number;
}): SmsSender {
  const from = options.from ?? DEFAULT_SMS_FROM;
  return {
    kind: 'http',
    async send(message) {
      const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const res = await fetch(options.url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ to: message.to, from, text: message.text }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      // Read the body either way so the connection can be reused; its text helps when it failed.
      const detail = (await res.text().catch(() => '')).slice(0, 200);
      if (!res.ok) throw new Error(`SMS gateway answered HTTP ${res.status}${detail ? `: ${detail}` : ''}`);
    },
  };
}
