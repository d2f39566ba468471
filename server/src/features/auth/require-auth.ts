import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { USER_TOKEN_COOKIE } from '@cuewave/contract/account';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { verifyAccessToken } from './access-token';
import { selectTokenVersion } from './auth.repo';
import { readCookie } from './cookies';
import { invalidToken } from './sessions.service';

export type AuthContext = { accountId: string };

declare module 'fastify' {
  // Module augmentation only works with an interface.
  interface FastifyRequest {
    /** Set by requireAuth; null on routes that do not require it. */
    auth: AuthContext | null;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    return match?.[1];
  }
  // Server rendering forwards the browser's cookies rather than a header.
  return readCookie(request, USER_TOKEN_COOKIE);
}

/** The signed-in account of a request, or null: signature, key, expiry and the account's token_version. */
export async function authenticate(
  deps: { db: Db; clock: Clock },
  request: FastifyRequest,
): Promise<AuthContext | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const claims = await verifyAccessToken(deps, token);
  if (!claims) return null;
  // A password change, reset or deletion moves (or removes) the version, killing older tokens at once.
  const version = await selectTokenVersion(deps.db, claims.accountId);
  if (version === undefined || version !== claims.tokenVersion) return null;
  return { accountId: claims.accountId };
}

/**
 * preHandler for routes that need a signed-in user (Authorization: Bearer <jwt>, or the cm-user-token
 * cookie when there is no header). Sets request.auth; anything else answers 401 'verify jwt token'.
 */
export function requireAuth(deps: { db: Db; clock: Clock }): preHandlerAsyncHookHandler {
  const handler: preHandlerAsyncHookHandler = async (request) => {
    const auth = await authenticate(deps, request);
    if (!auth) throw invalidToken();
    request.auth = auth;
  };
  return Object.assign(handler, { [BEARER]: true });
}

const BEARER = Symbol('requires a bearer token');

/** Whether a route's preHandler(s) include requireAuth; the OpenAPI document marks those routes. */
export function requiresBearer(preHandler: unknown): boolean {
  return [preHandler].flat().some((h) => typeof h === 'function' && BEARER in h);
}

/** The account id of a request that went through requireAuth. */
export function accountIdOf(request: FastifyRequest): string {
  if (!request.auth) throw invalidToken();
  return request.auth.accountId;
}
