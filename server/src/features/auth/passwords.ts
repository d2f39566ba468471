import argon2 from 'argon2';

/**
 * argon2id with the package defaults (m=64 MiB, t=3, p=4; decision 031). The dummy hash has the same
 * parameters, so checking a password for an unknown email costs as long as for a real one and the
 * answer's timing does not tell whether the email has an account.
 */
const DUMMY_HASH = '$argon2id$v=19$m=65536,p=4,t=3$plkYSuZl5pAzJ2LsNzCEiA$gcWe78wgYpey2dDha11PQIAwWb2BIKwxKd+GtPHk3ig';

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

/** True when `password` matches `hash`; with no hash (unknown account) it burns the same time and says false. */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  try {
    const ok = await argon2.verify(hash ?? DUMMY_HASH, password);
    return hash ? ok : false;
  } catch {
    return false;
  }
}
