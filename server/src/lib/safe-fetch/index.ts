// Fetching user-supplied URLs without letting them reach the server's own network (decision 065).
export { safeFetch, safeFetchToFile, type SafeFetchResult } from './safe-fetch';
export { SafeFetchError, isSafeFetchError, type SafeFetchReason } from './errors';
export { type SafeFetchOptions, type Resolver, type ResolvedAddress } from './options';
export { type TempFileBody } from './body';
export { blockedRange } from './address-policy';
