import { lookup } from 'node:dns/promises';
import { type LoopbackPermit } from './test-permit';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Host name → every address it resolves to. Tests inject one that maps fake names to chosen addresses. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

export interface SafeFetchOptions {
  /** Redirects followed, each hop checked like the first (default 3). */
  maxRedirects?: number;
  /** Body cap, enforced while streaming and against Content-Length (default 2 MiB; 20 MiB to a file). */
  maxBytes?: number;
  /** TCP (and TLS) connection established (default 3 s). */
  connectTimeoutMs?: number;
  /** Connected → response headers (default 5 s). */
  firstByteTimeoutMs?: number;
  /** Longest silence while the body streams (default 5 s). */
  idleTimeoutMs?: number;
  /** Everything, all hops and the body (default 10 s; 60 s to a file). */
  totalTimeoutMs?: number;
  /** Ports a URL may name (default 80, 443, 8080, 8443); 'any' for tests whose servers listen on random ports. */
  allowedPorts?: readonly number[] | 'any';
  accept?: string;
  userAgent?: string;
  signal?: AbortSignal;
  /** Default: the system's DNS (node:dns lookup, all addresses). */
  resolve?: Resolver;
  /**
   * Trusted roots for https instead of the system's (tests with a self-signed stand-in site). The
   * certificate is still checked against the URL's host name, so this cannot weaken the address rules.
   */
  tlsCa?: string | Buffer;
  /** From permitLoopbackForTests(); anything else is ignored. */
  loopbackPermit?: LoopbackPermit;
}

export type Settings = Required<Omit<SafeFetchOptions, 'signal' | 'loopbackPermit' | 'tlsCa'>> & {
  signal?: AbortSignal;
  tlsCa?: string | Buffer;
  allowLoopback: boolean;
};
