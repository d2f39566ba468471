import type { Db } from '../../db/client';

export type EmailChangeUndoRow = {
  id: string;
  account_id: string;
  old_email: string;
  new_email: string;
};

export async function insertEmailChangeUndo(
  db: Db,
  row: {
    id: string;
    accountId: string;
    oldEmail: string;
    newEmail: string;
    tokenHash: string;
    now: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('email_change_undos')
    .values({
      id: row.id,
      account_id: row.accountId,
      old_email: row.oldEmail,
      new_email: row.newEmail,
      token_hash: row.tokenHash,
      created_at: row.now,
      expires_at: row.expiresAt,
    })
    .execute();
}

/**
 * Uses an undo link once: its row when the link is live, or undefined when it is unknown, expired,
 * used or voided. A concurrent second use finds it used.
 */
export async function useEmailChangeUndo(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<EmailChangeUndoRow | undefined> {
  return db
    .updateTable('email_change_undos')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['id', 'account_id', 'old_email', 'new_email'])
    .executeTakeFirst();
}

/** Voids an account's other open undo links: once restored, a later link must not switch it away again. */
export async function voidEmailChangeUndos(db: Db, accountId: string, now: Date): Promise<void> {
  await db
    .updateTable('email_change_undos')
    .set({ used_at: now })
    .where('account_id', '=', accountId)
    .where('used_at', 'is', null)
    .execute();
}
