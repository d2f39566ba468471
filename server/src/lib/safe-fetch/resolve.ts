import { isIP } from 'node:net';
import { blockedRange } from './address-policy';
import { SafeFetchError } from './errors';
import { type ResolvedAddress, type Settings } from './options';
import { hostOf } from './url-policy';

/**
 * The one DNS lookup of a hop, and the verdict on its addresses. The caller connects to the returned
 * address and nothing else (request.ts pins it), so a name that resolves differently a moment later
 * (DNS rebinding) cannot redirect the connection. Refused when any address is blocked: a name that mixes
 * public and private answers is hostile, and the connection must not depend on which one comes first.
 */
export async function resolveChecked(url: URL, s: Settings): Promise<ResolvedAddress> {
  const host = hostOf(url);
  const literal = isIP(host);
  let addresses: ResolvedAddress[];
  if (literal) {
    addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await s.resolve(host);
    } catch {
      throw new SafeFetchError('host-not-found', host);
    }
  }
  const first = addresses[0];
  if (!first) throw new SafeFetchError('host-not-found', host);
  for (const { address } of addresses) {
    const range = blockedRange(address);
    // The test permit covers names a test resolver maps to loopback, never a literal 127.0.0.1 in a URL
    // or a redirect, so tests can prove those stay refused while local stand-in sites are reachable.
    if (range && !(range === 'loopback' && s.allowLoopback && !literal))
      throw new SafeFetchError('private-address', `${host} → ${range}`);
  }
  return first;
}
