import { REFRESH_TOKEN_COOKIE, USER_TOKEN_COOKIE, USER_TOKEN_COOKIE_DAYS } from '@cuewave/contract/account-rules';

/** Cookie names and lifetimes of spec §3 / §9 (decision 031): the API sets both on every token answer. */
export { REFRESH_TOKEN_COOKIE, USER_TOKEN_COOKIE };
export const USER_TOKEN_MAX_AGE_DAYS = USER_TOKEN_COOKIE_DAYS;

export type CookieOptions = {
  maxAgeDays?: number;
  path?: string;
  secure?: boolean;
  sameSite?: 'Lax' | 'Strict' | 'None';
};

/** A Set-Cookie / document.cookie string. Defaults: path '/', SameSite=Lax (spec §9). */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${options.path ?? '/'}`,
    `SameSite=${options.sameSite ?? 'Lax'}`,
  ];
  if (options.maxAgeDays !== undefined) parts.push(`Max-Age=${Math.round(options.maxAgeDays * 86400)}`);
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/** Reads one cookie from a Cookie header (or document.cookie). */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return rest.join('=');
      }
    }
  }
  return null;
}

/** Removes a cookie the page can see (not the httpOnly refresh cookie: only /api/auth/revoke clears that). */
export function clearBrowserCookie(name: string): void {
  if (typeof document === 'undefined') return;
  document.cookie = serializeCookie(name, '', { maxAgeDays: 0 });
}
