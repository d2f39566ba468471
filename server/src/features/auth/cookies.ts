import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  REFRESH_TOKEN_COOKIE,
  REFRESH_TOKEN_DAYS,
  USER_TOKEN_COOKIE,
  USER_TOKEN_COOKIE_DAYS,
  type TokenResponse,
} from '@cuewave/contract/account';
import type { AppConfig } from '../../providers/providers';

const DAY = 24 * 60 * 60;

/** The value of one cookie of the request, or undefined (no cookie plugin: two cookies do not need one). */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw) || undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

function secure(request: FastifyRequest, config: Pick<AppConfig, 'cookieSecure'>): boolean {
  return config.cookieSecure === 'auto' ? request.protocol === 'https' : config.cookieSecure;
}

function cookie(name: string, value: string, maxAge: number, opts: { httpOnly: boolean; secure: boolean }): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Max-Age=${maxAge}`, 'Path=/', 'SameSite=Lax'];
  if (maxAge === 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  if (opts.httpOnly) parts.push('HttpOnly');
  if (opts.secure) parts.push('Secure');
  return parts.join('; ');
}

/**
 * cm-user-token is readable by the page (it sends the bearer header and server rendering reads it);
 * cm-refresh-token is httpOnly: only the API ever reads it (decision 031).
 */
export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Pick<AppConfig, 'cookieSecure'>,
  tokens: TokenResponse,
): void {
  const isSecure = secure(request, config);
  reply.header('set-cookie', [
    cookie(USER_TOKEN_COOKIE, tokens.access_token, USER_TOKEN_COOKIE_DAYS * DAY, { httpOnly: false, secure: isSecure }),
    cookie(REFRESH_TOKEN_COOKIE, tokens.refresh_token, REFRESH_TOKEN_DAYS * DAY, { httpOnly: true, secure: isSecure }),
  ]);
}

export function clearSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Pick<AppConfig, 'cookieSecure'>,
): void {
  const isSecure = secure(request, config);
  reply.header('set-cookie', [
    cookie(USER_TOKEN_COOKIE, '', 0, { httpOnly: false, secure: isSecure }),
    cookie(REFRESH_TOKEN_COOKIE, '', 0, { httpOnly: true, secure: isSecure }),
  ]);
}
