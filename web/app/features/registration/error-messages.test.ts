import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { NETWORK_ERROR } from '../auth/messages';
import { errorCode, friendlyError, GENERIC_ERROR, retryAfterSeconds } from './error-messages';

const api = (status: number, error: string, message = '', retryAfter: number | null = null) =>
  new ApiError(status, { error, message }, retryAfter);

describe('friendly error messages', () => {
  it('maps each account error identifier to its own sentence', () => {
    const codes = [
      'CODE_EXPIRED',
      'WEAK_PASSWORD',
      'EMAIL_TAKEN',
      'PHONE_INVALID',
      'PHONE_REQUIRED',
      'TRIAL_ALREADY_USED',
      'ACTIVE_SUBSCRIPTION',
      'recaptcha error',
      'email already confirmed',
      'account not confirmed',
    ];
    const texts = codes.map((code) => friendlyError(api(400, code, 'raw server text')));
    expect(new Set(texts).size).toBe(codes.length);
    for (const text of texts) expect(text).not.toBe('raw server text');
    expect(friendlyError(api(409, 'ACTIVE_SUBSCRIPTION'))).toMatch(/active paid subscription/);
    expect(friendlyError(api(409, 'TRIAL_ALREADY_USED'))).toMatch(/already used your free trial/);
  });

  it('keeps the count of tries left on a wrong code', () => {
    expect(friendlyError(api(400, 'CODE_INVALID', 'This code is not right. 3 tries left.'))).toBe(
      'That code isn’t right. 3 tries left.',
    );
    expect(friendlyError(api(400, 'CODE_INVALID', 'This code is not right. 1 try left.'))).toMatch(/1 try left/);
    expect(
      friendlyError(api(400, 'CODE_INVALID', 'This code is not right and no tries are left. Ask for a new code.')),
    ).toMatch(/Send a new code/);
  });

  it('says how long to wait after a rate limit', () => {
    const limited = api(429, 'TOO_MANY_REQUESTS', 'slow down', 45);
    expect(retryAfterSeconds(limited)).toBe(45);
    expect(friendlyError(limited)).toBe('Too many attempts. Please wait 45 seconds and try again.');
    expect(friendlyError(api(429, 'TOO_MANY_REQUESTS', '', 3600))).toMatch(/60 minutes/);
    expect(friendlyError(api(429, 'TOO_MANY_REQUESTS'))).toMatch(/wait a little/);
    expect(retryAfterSeconds(api(400, 'CODE_INVALID', '', 45))).toBeNull();
  });

  it('falls back to the server message, hides 5xx details and names network failures', () => {
    expect(friendlyError(api(400, 'VALIDATION_FAILED', 'country: Use a two-letter country code'))).toBe(
      'country: Use a two-letter country code',
    );
    expect(friendlyError(api(500, 'INTERNAL', 'stack trace here'))).toBe(GENERIC_ERROR);
    expect(friendlyError(new TypeError('Failed to fetch'))).toBe(NETWORK_ERROR);
    expect(friendlyError(new Error('boom'))).toBe(GENERIC_ERROR);
    expect(errorCode(api(409, 'EMAIL_TAKEN'))).toBe('EMAIL_TAKEN');
    expect(errorCode(new Error('x'))).toBeNull();
  });
});
