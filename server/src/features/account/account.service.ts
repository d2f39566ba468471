import { randomUUID } from 'node:crypto';
import {
  PASSWORD_RESET_MINUTES,
  passwordProblem,
  type Account,
  type TokenResponse,
  type UpdateAccountBody,
} from '@cuewave/contract/account';
import type { Language } from '@cuewave/contract/languages';
import { AppError } from '../../lib/errors';
import { enforceRateLimits, RATE, requireCaptcha } from '../auth/abuse-guards';
import { hashPassword, verifyPassword } from '../auth/passwords';
import {
  consumeOneTimeToken,
  createOneTimeToken,
  createSession,
  discardOneTimeTokens,
  invalidToken,
  peekOneTimeToken,
  revokeAllSessions,
} from '../auth/sessions.service';
import { hasActivePaidSubscription } from '../subscription/subscription.service';
import { sendPasswordChanged, sendPasswordResetLink } from './account-messages';
import { emailTaken, toAccount, withTransaction, type AccountDeps } from './account-mapping';
import {
  deleteAccountRow,
  deleteOutboxFor,
  emailExists,
  insertAccount,
  isUniqueViolation,
  selectAccount,
  selectAccountIdByEmail,
  updateAccount,
  type AccountChanges,
  type AccountRow,
} from './account.repo';
import { codeRateLimits, sendPendingEmailVerification, sendVerificationEmail } from './verification.service';

const wrongPassword = () =>
  new AppError(
    'wrong credentials or client not found',
    'The password is not right.',
    {},
    {
      pl: 'Hasło jest nieprawidłowe.',
    },
  );
const notFoundByToken = () =>
  new AppError('can not find account by token', 'This link is invalid, has expired or was already used.');

function checkPasswordStrength(password: string, email: string): void {
  const problem = passwordProblem(password, email);
  if (problem) throw new AppError('WEAK_PASSWORD', problem);
}

async function loadAccount(deps: AccountDeps, accountId: string): Promise<AccountRow> {
  const row = await selectAccount(deps.db, accountId);
  if (!row) throw invalidToken();
  return row;
}

async function change(deps: AccountDeps, accountId: string, changes: AccountChanges): Promise<Account> {
  const row = await updateAccount(deps.db, accountId, changes, deps.clock.now());
  if (!row) throw invalidToken();
  return toAccount(row);
}

/**
 * Sign-up (captcha, 10 per IP and hour): the account starts unconfirmed and gets the verification email,
 * in `language`: the language of the page it signed up from (decision 076).
 */
export async function register(
  deps: AccountDeps,
  input: { email: string; password: string; captcha: string; newsletter: boolean },
  ip: string,
  language: Language,
): Promise<Account> {
  await requireCaptcha(deps.providers, input.captcha, { ip, action: 'register' });
  await enforceRateLimits(deps.providers, [{ key: `register:ip:${ip}`, rule: RATE.registerPerIp }]);
  checkPasswordStrength(input.password, input.email);
  // An address some account may still take back with an undo link is not free either (decision 048).
  if (await emailExists(deps.db, input.email, { now: deps.clock.now() })) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  try {
    // The account, its code and link, and the email carrying them are one unit: when the email cannot
    // be sent nothing is saved, so trying again does not find the address taken (decision 048).
    return await deps.db.transaction().execute(async (trx) => {
      const row = await insertAccount(trx, {
        id: randomUUID(),
        email: input.email,
        passwordHash,
        newsletter: input.newsletter,
        language,
        now: deps.clock.now(),
      });
      await sendVerificationEmail(withTransaction(deps, trx), row);
      return toAccount(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken(); // a simultaneous sign-up won the race
    throw error;
  }
}

export async function getAccount(deps: AccountDeps, accountId: string): Promise<Account> {
  return toAccount(await loadAccount(deps, accountId));
}

/**
 * POST /v1/account. A new email needs the current password. A confirmed account keeps signing in with
 * its email until the new one is confirmed (pending_email, decision 048); an unconfirmed one (a
 * sign-up fixing a typo) has nothing proven to keep, so the new address replaces it, unconfirmed.
 */
export async function updateAccountDetails(
  deps: AccountDeps,
  accountId: string,
  body: UpdateAccountBody,
  ip: string,
): Promise<Account> {
  const account = await loadAccount(deps, accountId);
  const changes: AccountChanges = {};
  if (body.newsletter !== undefined) changes.newsletter = body.newsletter;
  if (body.signupPlan !== undefined) changes.signup_plan = body.signupPlan;
  if (body.signupPeriod !== undefined) changes.signup_period = body.signupPeriod;
  if (body.language !== undefined) changes.language = body.language;

  const newEmail =
    body.email !== undefined && body.email.toLowerCase() !== account.email.toLowerCase() ? body.email : null;
  if (newEmail) {
    if (!body.currentPassword) {
      throw new AppError(
        'VALIDATION_FAILED',
        'Enter your current password to change your email address.',
        {},
        {
          pl: 'Wpisz obecne hasło, aby zmienić adres e-mail.',
        },
      );
    }
    if (!(await verifyPassword(account.password_hash, body.currentPassword))) throw wrongPassword();
    if (await emailExists(deps.db, newEmail, { now: deps.clock.now(), exceptAccountId: accountId })) throw emailTaken();
    // Each change mails a code to an address of the user's choosing: limited like the resends.
    await enforceRateLimits(deps.providers, codeRateLimits('email', accountId, ip));
  }
  if (Object.keys(changes).length === 0 && !newEmail) return toAccount(account);

  try {
    return await deps.db.transaction().execute(async (trx) => {
      const tx = withTransaction(deps, trx);
      if (newEmail) {
        if (account.confirmed_email) changes.pending_email = newEmail;
        else Object.assign(changes, { email: newEmail, confirmed_email: false, pending_email: null });
      }
      const row = await updateAccount(trx, accountId, changes, deps.clock.now());
      if (!row) throw invalidToken();
      // The code and link commit with the change, or neither does when the email cannot be sent.
      if (newEmail && row.pending_email) await sendPendingEmailVerification(tx, row);
      else if (newEmail) await sendVerificationEmail(tx, row, true);
      return toAccount(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/**
 * Deletes the account after re-authentication. A paid subscription must be cancelled first; a trial
 * goes with the account. Tokens, codes and subscriptions cascade; stored messages are deleted here.
 */
export async function deleteAccount(deps: AccountDeps, accountId: string, password: string): Promise<void> {
  const account = await loadAccount(deps, accountId);
  if (!(await verifyPassword(account.password_hash, password))) throw wrongPassword();
  if (await hasActivePaidSubscription(deps, accountId)) {
    throw new AppError(
      'ACTIVE_SUBSCRIPTION',
      'Your subscription is still active. Cancel it in Dashboard > Subscription first, then delete your account.',
      {},
      { pl: 'Twoja subskrypcja jest nadal aktywna. Najpierw anuluj ją w Panelu > Subskrypcja, a potem usuń konto.' },
    );
  }
  await deps.db.transaction().execute(async (trx) => {
    await deleteOutboxFor(trx, accountId, { email: account.email, phone: account.phone });
    await deleteAccountRow(trx, accountId);
  });
}

export function rate(deps: AccountDeps, accountId: string, value: number): Promise<Account> {
  return change(deps, accountId, { rating: value });
}

export function setNewsletter(deps: AccountDeps, accountId: string, on: boolean): Promise<Account> {
  return change(deps, accountId, { newsletter: on });
}

export async function setMobileNotifications(deps: AccountDeps, accountId: string, on: boolean): Promise<Account> {
  if (on) {
    const account = await loadAccount(deps, accountId);
    if (!account.phone || !account.confirmed_phone) {
      throw new AppError('PHONE_REQUIRED', 'Add and verify a phone number to get text notifications.');
    }
  }
  return change(deps, accountId, { mobile_notifications: on });
}

/** Changes the password, signs out every session and starts a fresh one for the caller. */
export async function changePassword(
  deps: AccountDeps,
  accountId: string,
  input: { currentPassword: string; newPassword: string },
): Promise<TokenResponse> {
  const account = await loadAccount(deps, accountId);
  if (!(await verifyPassword(account.password_hash, input.currentPassword))) throw wrongPassword();
  checkPasswordStrength(input.newPassword, account.email);
  await setPasswordAndSignOut(deps, account, input.newPassword);
  return createSession(deps, accountId);
}

async function setPasswordAndSignOut(deps: AccountDeps, account: AccountRow, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await deps.db.transaction().execute(async (trx) => {
    await updateAccount(trx, account.id, { password_hash: passwordHash }, deps.clock.now());
    await revokeAllSessions(deps, account.id, trx);
  });
  await discardOneTimeTokens(deps, account.id, 'password_reset');
  await discardOneTimeTokens(deps, account.id, 'signin');
  await sendPasswordChanged(deps, account.language, account.email);
}

/** Always answers the same, whether the email has an account or not; only an account gets the link. */
export async function requestPasswordReset(
  deps: AccountDeps,
  input: { email: string; captcha: string },
  ip: string,
): Promise<void> {
  await requireCaptcha(deps.providers, input.captcha, { ip, action: 'reset' });
  await enforceRateLimits(deps.providers, [
    { key: `reset:ip:${ip}`, rule: RATE.resetPerIp },
    { key: `reset:email:${input.email}`, rule: RATE.resetPerEmail },
  ]);
  const accountId = await selectAccountIdByEmail(deps.db, input.email);
  if (!accountId) return;
  const account = await loadAccount(deps, accountId);
  await discardOneTimeTokens(deps, accountId, 'password_reset'); // only the newest link works
  const token = await createOneTimeToken(deps, accountId, 'password_reset', PASSWORD_RESET_MINUTES * 60);
  await sendPasswordResetLink(deps, account.language, account.email, token);
}

/** The reset link's form: the token is checked before the password and only spent by a successful change. */
export async function resetPassword(deps: AccountDeps, input: { token: string; password: string }): Promise<void> {
  const accountId = await peekOneTimeToken(deps, input.token, 'password_reset');
  const account = accountId ? await selectAccount(deps.db, accountId) : undefined;
  if (!account) throw notFoundByToken();
  checkPasswordStrength(input.password, account.email);
  if ((await consumeOneTimeToken(deps, input.token, 'password_reset')) !== account.id) throw notFoundByToken();
  await setPasswordAndSignOut(deps, account, input.password);
}
