import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { CODE_MAX_ATTEMPTS, CODE_TTL_MINUTES, EMAIL_LINK_HOURS, type Account } from '@cuewave/contract/account';
import { AppError } from '../../lib/errors';
import { getOrCreateSecret } from '../../providers/secrets';
import { enforceRateLimits, RATE, requireCaptcha } from '../auth/abuse-guards';
import {
  consumeOneTimeToken,
  createOneTimeToken,
  discardOneTimeTokens,
  invalidToken,
  peekOneTimeToken,
} from '../auth/sessions.service';
import { sendEmailVerification, sendPendingEmailConfirmation, sendPhoneCode } from './account-messages';
import { confirmPendingEmail } from './email-change.service';
import {
  consumeCode,
  countWrongTry,
  retireOpenCodes,
  insertCode,
  selectAccount,
  selectLatestCode,
  updateAccount,
  type AccountRow,
} from './account.repo';
import { toAccount, type AccountDeps } from './account-mapping';
import { normalisePhone } from './phone';

type Channel = 'email' | 'phone';

const alreadyConfirmed = () => new AppError('email already confirmed', 'Your email address is already confirmed.');
const notFoundByToken = () =>
  new AppError('can not find account by token', 'This link is invalid, has expired or was already used.');

/**
 * Codes are only a million possibilities, so a plain hash would be reversed in a second from a leaked
 * table: they are HMAC'd with a server secret and their own row id instead.
 */
async function hashCode(deps: AccountDeps, codeId: string, code: string): Promise<Buffer> {
  const secret = await getOrCreateSecret(deps.db, 'verification_code_hmac');
  return createHmac('sha256', secret).update(`${codeId}:${code}`).digest();
}

/** A fresh 6-digit code for the channel's target; older unused codes stop working. */
async function issueCode(deps: AccountDeps, accountId: string, channel: Channel, target: string): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const id = randomUUID();
  const now = deps.clock.now();
  await retireOpenCodes(deps.db, accountId, channel, now);
  await insertCode(deps.db, {
    id,
    accountId,
    channel,
    target,
    codeHash: (await hashCode(deps, id, code)).toString('hex'),
    now,
    expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000),
  });
  return code;
}

/**
 * Checks a typed code against the latest one sent to `target` (15 minutes, 5 tries; the 5th wrong
 * try burns it). A code sent to an address the account no longer has counts as expired.
 */
async function checkCode(deps: AccountDeps, accountId: string, channel: Channel, target: string, code: string) {
  const expired = () => new AppError('CODE_EXPIRED', 'This code has expired or was used up. Ask for a new one.');
  const row = await selectLatestCode(deps.db, accountId, channel);
  const now = deps.clock.now();
  if (!row || row.consumed_at || row.expires_at <= now || row.attempts >= CODE_MAX_ATTEMPTS) throw expired();
  if (row.target.toLowerCase() !== target.toLowerCase()) throw expired();
  const expected = Buffer.from(row.code_hash, 'hex');
  const actual = await hashCode(deps, row.id, code);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
    const attempts = await countWrongTry(deps.db, row.id, CODE_MAX_ATTEMPTS);
    if (attempts === undefined) throw expired();
    const left = CODE_MAX_ATTEMPTS - attempts;
    throw new AppError(
      'CODE_INVALID',
      left > 0
        ? `This code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`
        : 'This code is not right and no tries are left. Ask for a new code.',
    );
  }
  if (!(await consumeCode(deps.db, row.id, CODE_MAX_ATTEMPTS, now))) throw expired();
}

async function loadAccount(deps: AccountDeps, accountId: string): Promise<AccountRow> {
  const row = await selectAccount(deps.db, accountId);
  if (!row) throw invalidToken();
  return row;
}

/** Sends a code and a link (24 hours) to the account's current email; older codes and links stop working. */
export async function sendVerificationEmail(
  deps: AccountDeps,
  account: Pick<AccountRow, 'id' | 'email' | 'language'>,
  changed = false,
) {
  const code = await issueCode(deps, account.id, 'email', account.email);
  await discardOneTimeTokens(deps, account.id, 'email_verify');
  const token = await createOneTimeToken(deps, account.id, 'email_verify', EMAIL_LINK_HOURS * 3600);
  await sendEmailVerification(deps, account.language, account.email, code, token, changed);
}

/** A code and a link (24 hours) to the pending new sign-in email; older codes and links stop working. */
export async function sendPendingEmailVerification(
  deps: AccountDeps,
  account: Pick<AccountRow, 'id' | 'email' | 'pending_email' | 'language'>,
) {
  const target = account.pending_email;
  if (!target) throw alreadyConfirmed();
  const code = await issueCode(deps, account.id, 'email', target);
  await discardOneTimeTokens(deps, account.id, 'email_verify');
  const token = await createOneTimeToken(deps, account.id, 'email_verify', EMAIL_LINK_HOURS * 3600);
  await sendPendingEmailConfirmation(deps, account.language, target, code, token, account.email);
}

export type EmailVerified = { email: string; confirmedEmail: true };

/** The typed code confirms the pending new email when there is one, else the account's own email. */
export async function verifyEmailCode(deps: AccountDeps, accountId: string, code: string): Promise<EmailVerified> {
  const account = await loadAccount(deps, accountId);
  if (account.pending_email) {
    await checkCode(deps, accountId, 'email', account.pending_email, code);
    return confirmPendingEmail(deps, account);
  }
  if (account.confirmed_email) throw alreadyConfirmed();
  await checkCode(deps, accountId, 'email', account.email, code);
  return confirmEmail(deps, account);
}

/** The emailed link: no sign-in needed, the token names the account. Refused tokens are not spent. */
export async function verifyEmailToken(deps: AccountDeps, token: string): Promise<EmailVerified> {
  const accountId = await peekOneTimeToken(deps, token, 'email_verify');
  if (!accountId) throw notFoundByToken();
  const account = await selectAccount(deps.db, accountId);
  if (!account) throw notFoundByToken();
  if (account.pending_email) return confirmPendingEmail(deps, account, token);
  if (account.confirmed_email) throw alreadyConfirmed();
  if ((await consumeOneTimeToken(deps, token, 'email_verify')) !== accountId) throw notFoundByToken();
  return confirmEmail(deps, account);
}

async function confirmEmail(deps: AccountDeps, account: AccountRow): Promise<EmailVerified> {
  // Only if the email is still the one the code or link was sent to.
  const row = await updateAccount(deps.db, account.id, { confirmed_email: true }, deps.clock.now(), {
    email: account.email,
  });
  if (!row) throw new AppError('CODE_EXPIRED', 'Your email address changed meanwhile. Use the latest code.');
  await retireOpenCodes(deps.db, account.id, 'email', deps.clock.now());
  await discardOneTimeTokens(deps, account.id, 'email_verify');
  return { email: row.email, confirmedEmail: true };
}

export function codeRateLimits(channel: Channel, accountId: string, ip: string) {
  return [
    { key: `code:ip:${ip}`, rule: RATE.codePerIp },
    { key: `code:${channel}:burst:${accountId}`, rule: RATE.codePerAccountBurst },
    { key: `code:${channel}:hour:${accountId}`, rule: RATE.codePerAccountHour },
  ];
}

/** Resends to the pending new email when there is one, else to the unconfirmed account email. */
export async function resendVerificationEmail(deps: AccountDeps, accountId: string, captcha: string, ip: string) {
  const account = await loadAccount(deps, accountId);
  if (account.pending_email) {
    await requireCaptcha(deps.providers, captcha, { ip, action: 'resend' });
    await enforceRateLimits(deps.providers, codeRateLimits('email', accountId, ip));
    return sendPendingEmailVerification(deps, account);
  }
  if (account.confirmed_email) throw alreadyConfirmed();
  await requireCaptcha(deps.providers, captcha, { ip, action: 'resend' });
  await enforceRateLimits(deps.providers, codeRateLimits('email', accountId, ip));
  await sendVerificationEmail(deps, account);
}

/** Sets (or replaces) the phone number, unconfirmed, and texts it a code. Needs a confirmed email. */
export async function addPhone(
  deps: AccountDeps,
  accountId: string,
  input: { phoneNumber: string; country?: string },
  ip: string,
): Promise<Account> {
  const account = await loadAccount(deps, accountId);
  if (!account.confirmed_email) throw new AppError('account not confirmed', 'Confirm your email address first.');
  const phone = normalisePhone(input.phoneNumber, input.country);
  if (account.phone === phone && account.confirmed_phone) return toAccount(account);
  await enforceRateLimits(deps.providers, codeRateLimits('phone', accountId, ip));
  const row = await updateAccount(
    deps.db,
    accountId,
    { phone, confirmed_phone: false, mobile_notifications: false },
    deps.clock.now(),
  );
  if (!row) throw invalidToken();
  await sendPhoneCode(deps, row.language, phone, await issueCode(deps, accountId, 'phone', phone));
  return toAccount(row);
}

export async function removePhone(deps: AccountDeps, accountId: string): Promise<Account> {
  const row = await updateAccount(
    deps.db,
    accountId,
    { phone: null, confirmed_phone: false, mobile_notifications: false },
    deps.clock.now(),
  );
  if (!row) throw invalidToken();
  await retireOpenCodes(deps.db, accountId, 'phone', deps.clock.now());
  return toAccount(row);
}

function phoneState(account: AccountRow): string {
  if (!account.phone) throw new AppError('PHONE_REQUIRED', 'Add a phone number first.');
  if (account.confirmed_phone) throw new AppError('PHONE_ALREADY_CONFIRMED', 'Your phone number is already confirmed.');
  return account.phone;
}

export async function resendPhoneCode(deps: AccountDeps, accountId: string, captcha: string, ip: string) {
  const account = await loadAccount(deps, accountId);
  const phone = phoneState(account);
  await requireCaptcha(deps.providers, captcha, { ip, action: 'resend' });
  await enforceRateLimits(deps.providers, codeRateLimits('phone', accountId, ip));
  await sendPhoneCode(deps, account.language, phone, await issueCode(deps, accountId, 'phone', phone));
}

export async function verifyPhone(deps: AccountDeps, accountId: string, code: string): Promise<Account> {
  const phone = phoneState(await loadAccount(deps, accountId));
  await checkCode(deps, accountId, 'phone', phone, code);
  const row = await updateAccount(deps.db, accountId, { confirmed_phone: true }, deps.clock.now(), { phone });
  if (!row) throw new AppError('CODE_EXPIRED', 'Your phone number changed meanwhile. Use the latest code.');
  return toAccount(row);
}
