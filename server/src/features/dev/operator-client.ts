import { BlockList, isIP } from 'node:net';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
// BlockList also matches IPv4-mapped forms (::ffff:127.0.0.1) against the IPv4 rule.
loopback.addAddress('::1', 'ipv6');

/**
 * Headers in which proxies and CDNs name the client they forward for. A reverse proxy on this machine
 * connects over loopback, so only these headers tell its visitors apart from the operator.
 */
const CLIENT_ADDRESS_HEADERS = [
  'x-forwarded-for',
  'x-real-ip',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
  'x-cluster-client-ip',
] as const;

/** An address as proxies write it: bare, quoted, `[v6]:port` or `v4:port`. Anything else is not loopback. */
export function isLoopbackAddress(value: string): boolean {
  let address = value.trim().replace(/^"(.*)"$/, '$1');
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(':'));
  const family = isIP(address);
  if (family === 0) return false;
  return loopback.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

function headerList(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return [value].flat().flatMap((v) => v.split(','));
}

/**
 * The `for=` of every element of an RFC 7239 Forwarded header. An element without one says nothing
 * about its client, so it counts as an unknown (not loopback) client.
 */
function forwardedFor(value: string | string[] | undefined): string[] {
  return headerList(value).map((element) => {
    for (const pair of element.split(';')) {
      const eq = pair.indexOf('=');
      if (eq > 0 && pair.slice(0, eq).trim().toLowerCase() === 'for') return pair.slice(eq + 1);
    }
    return 'unknown';
  });
}

/**
 * Whether a request comes from this machine's own operator: the socket is loopback and so is every
 * hop any forwarding header names. Deliberately ignores TRUST_PROXY: whom the app believes for rate
 * limits does not matter here, only whether anyone outside this machine is in the chain. A reverse
 * proxy on this machine forwarding an outside visitor names the visitor in X-Forwarded-For (or one of
 * its siblings); server rendering relays the visitor's resolved address the same way (web-app.ts).
 */
export function isOperatorClient(socketAddress: string | undefined, headers: IncomingHttpHeaders): boolean {
  if (!socketAddress || !isLoopbackAddress(socketAddress)) return false;
  const hops = [
    ...CLIENT_ADDRESS_HEADERS.flatMap((name) => headerList(headers[name])),
    ...forwardedFor(headers.forwarded),
  ];
  return hops.every(isLoopbackAddress);
}

export function isOperatorRequest(request: FastifyRequest): boolean {
  return isOperatorClient(request.socket.remoteAddress, request.headers);
}
