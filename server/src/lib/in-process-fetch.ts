import type { FastifyInstance } from 'fastify';

export type InProcessFetch = (url: string, init: RequestInit) => Promise<Response>;

/** Statuses whose answer has no body; a fetch Response refuses one. */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * A fetch() answered by the app itself through inject(): no socket, no second pass through the HTTP
 * server, and so untouched by a graceful stop's refusal of new connections (decision 050). Only the
 * path and query of the URL count; Host is the URL's, as it was when the call went over loopback.
 * inject() comes from 127.0.0.1, so the X-Forwarded-For the caller sets (the visitor's address, already
 * resolved under TRUST_PROXY) is believed exactly as it was over loopback.
 */
export function inProcessFetch(app: FastifyInstance): InProcessFetch {
  return async (url, init) => {
    const request = new Request(url, init);
    const target = new URL(request.url);
    const headers: Record<string, string> = { host: target.host };
    for (const [name, value] of request.headers) headers[name] = value;
    // The Response below hands the loader the raw bytes, which nothing would decompress (decision 073).
    delete headers['accept-encoding'];
    const payload = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const answer = await app.inject({
      method: request.method as 'GET',
      url: target.pathname + target.search,
      headers,
      ...(payload ? { payload } : {}),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (Array.isArray(value)) for (const item of value) responseHeaders.append(name, item);
      else if (value !== undefined) responseHeaders.set(name, String(value));
    }
    const noBody = NULL_BODY_STATUSES.has(answer.statusCode) || request.method === 'HEAD';
    return new Response(noBody ? null : answer.rawPayload, {
      status: answer.statusCode,
      statusText: answer.statusMessage,
      headers: responseHeaders,
    });
  };
}
