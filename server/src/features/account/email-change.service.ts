import { randomBytes, randomUUID } from 'node:crypto';
import {
  EMAIL_UNDO_DAYS,
  PASSWORD_RESET_MINUTES,
  type Account,
  type EmailChangeUndone,
} from '@cuewave/contract/account';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../auth/passwords';
import {
  consumeOneTimeToken,
  createOneTimeToken,
  discardOneTimeTokens,
  hashToken,
  invalidToken,
  revokeAllSessions,
} from '../auth/sessions.service';
import { sendEmailChangedNotice } from './account-messages';
import { emailTaken, toAccount, withTransaction, type AccountDeps } from './account-mapping';
import {
  emailExists,
  isUniqueViolation,
  retireOpenCodes,
  selectAccount,
  updateAccount,
  type AccountRow,
} from './account.repo';
import { insertEmailChangeUndo, useEmailChangeUndo, voidEmailChangeUndos } from './email-change.repo';

/*
 * Changing the sign-in email (decision 048): the new address waits in pending_email until its code or
 * link is used, the old one keeps signing in meanwhile; on the switch the old address gets a one-time
 * undo link (EMAIL_UNDO_DAYS) that restores it, signs every session out and makes the password be
 * chosen anew, because whoever made the change knew it.
 */

const notFoundByToken = () =>
  new AppError('can not find account by token', 'This link is invalid, has expired or was already used.');

export type EmailSwitched = { email: string; confirmedEmail: true };

/**
 * The pending address proved itself (its code was checked by the caller, or `linkToken` is spent here):
 * it becomes the sign-in email, and the old address gets the notice with its undo link, all in one
 * transaction, so a notice that cannot be sent leaves the change pending.
 */
export async function confirmPendingEmail(
  deps: AccountDeps,
  account: AccountRow,
  linkToken?: string,
): Promise<EmailSwitched> {
  const newEmail = account.pending_email;
  if (!newEmail) throw new AppError('email already confirmed', 'Your email address is already confirmed.');
  const now = deps.clock.now();
  if (await emailExists(deps.db, newEmail, { now, exceptAccountId: account.id })) throw emailTaken();
  const undo = randomBytes(32).toString('base64url');
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const tx = withTransaction(deps, trx);
      if (linkToken && (await consumeOneTimeToken(tx, linkToken, 'email_verify', trx)) !== account.id) {
        throw notFoundByToken();
      }
      // Only if nothing changed meanwhile: still the same sign-in email waiting for the same new one.
      const row = await updateAccount(
        trx,
        account.id,
        { email: newEmail, confirmed_email: true, pending_email: null },
        now,
        { email: account.email, pendingEmail: newEmail },
      );
      if (!row) {
        throw new AppError(
          'CODE_EXPIRED',
          'Your email change was cancelled or replaced meanwhile. Use the latest code.',
        );
      }
      await retireOpenCodes(trx, account.id, 'email', now);
      await discardOneTimeTokens(tx, account.id, 'email_verify');
      await insertEmailChangeUndo(trx, {
        id: randomUUID(),
        accountId: account.id,
        oldEmail: account.email,
        newEmail,
        tokenHash: hashToken(undo),
        now,
        expiresAt: new Date(now.getTime() + EMAIL_UNDO_DAYS * 24 * 3600 * 1000),
      });
      await sendEmailChangedNotice(tx, account.language, account.email, newEmail, undo);
      return { email: row.email, confirmedEmail: true };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken(); // another account took the address meanwhile
    throw error;
  }
}

/** Drops a pending change: its code and link stop working; the sign-in email never changed. */
export async function cancelPendingEmail(deps: AccountDeps, accountId: string): Promise<Account> {
  const account = await selectAccount(deps.db, accountId);
  if (!account) throw invalidToken();
  if (!account.pending_email) return toAccount(account);
  const now = deps.clock.now();
  const row = await updateAccount(deps.db, accountId, { pending_email: null }, now);
  if (!row) throw invalidToken();
  await retireOpenCodes(deps.db, accountId, 'email', now);
  await discardOneTimeTokens(deps, accountId, 'email_verify');
  return toAccount(row);
}

/**
 * The old address's undo link: restores it as the (confirmed) sign-in email, voids the account's other
 * undo links, signs every session out and replaces the password by one nobody knows. The answer's
 * reset token lets the person holding the old mailbox choose a new password at once.
 */
export async function undoEmailChange(deps: AccountDeps, token: string): Promise<EmailChangeUndone> {
  const now = deps.clock.now();
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const tx = withTransaction(deps, trx);
      const undo = await useEmailChangeUndo(trx, hashToken(token), now);
      if (!undo) throw notFoundByToken();
      const accountId = undo.account_id;
      await voidEmailChangeUndos(trx, accountId, now);
      const row = await updateAccount(
        trx,
        accountId,
        { email: undo.old_email, confirmed_email: true, pending_email: null, password_hash: unusable },
        now,
      );
      if (!row) throw notFoundByToken();
      await retireOpenCodes(trx, accountId, 'email', now);
      await revokeAllSessions(tx, accountId, trx);
      for (const purpose of ['signin', 'password_reset', 'email_verify'] as const) {
        await discardOneTimeTokens(tx, accountId, purpose);
      }
      const resetToken = await createOneTimeToken(tx, accountId, 'password_reset', PASSWORD_RESET_MINUTES * 60);
      return { email: row.email, resetToken };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError(
        'EMAIL_TAKEN',
        'Another account uses your old address now, so it cannot be restored. Contact our support team.',
      );
    }
    throw error;
  }
}
