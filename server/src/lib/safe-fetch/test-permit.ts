/**
 * The only way to let safeFetch connect to loopback (127.0.0.0/8, ::1): tests run local servers that stand
 * in for outside sites. A permit is an object this module issued (checked by identity, so a JSON config
 * or an env variable cannot forge one), and it allows loopback only, and only for host names (a test
 * resolver maps video.example.test to 127.0.0.1): 10.0.0.5, 169.254.169.254 and a literal 127.0.0.1 stay
 * refused. Call it from test files (or a test-only server entry point) and pass it as
 * `{ loopbackPermit: permitLoopbackForTests() }`; production code never imports this file.
 */
const issued = new WeakSet<object>();

export interface LoopbackPermit {
  readonly purpose: 'tests';
}

export function permitLoopbackForTests(): LoopbackPermit {
  const permit = Object.freeze({ purpose: 'tests' as const });
  issued.add(permit);
  return permit;
}

export const isIssuedPermit = (p: unknown): boolean => typeof p === 'object' && p !== null && issued.has(p);
