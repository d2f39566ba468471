import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblem } from '@cuewave/contract/account-rules';
import type { AuthT } from '../auth/messages';

export type PasswordStrength = {
  /** 0 empty, 1 too weak (breaks the rule), 2 fair, 3 good, 4 strong. */
  score: 0 | 1 | 2 | 3 | 4;
  label: string;
  /** Why the password is refused, from the shared rule; null once it passes. */
  problem: string | null;
};

/**
 * The contract's rule (the API applies the same) says whether a password is refused, in English; the
 * page says why in its own language (decision 075: contract texts stay English, the web maps them).
 * A sentence the map does not know yet is shown as the contract wrote it rather than hidden.
 */
export function passwordProblemText(password: string, t: AuthT, email?: string): string | null {
  const problem = passwordProblem(password, email);
  return problem === null ? null : passwordRuleText(problem, t);
}

/** One of the contract's password sentences (also the API's WEAK_PASSWORD message) in the language of `t`. */
export function passwordRuleText(problem: string, t: AuthT): string {
  const known: Record<string, string> = {
    [`Use at least ${PASSWORD_MIN_LENGTH} characters.`]: t('password.tooShort', { count: PASSWORD_MIN_LENGTH }),
    [`Use at most ${PASSWORD_MAX_LENGTH} characters.`]: t('password.tooLong', { count: PASSWORD_MAX_LENGTH }),
    'Mix letters with at least one number or symbol.': t('password.mix'),
    'Your password must not be your email address.': t('password.notEmail'),
    'Avoid a single repeated character.': t('password.repeated'),
  };
  return known[problem] ?? problem;
}

/**
 * The meter under a new password. Acceptance is the contract's passwordProblem() (the API applies
 * the same rule); the meter only grades passwords that already pass it.
 */
export function passwordStrength(password: string, t: AuthT, email?: string): PasswordStrength {
  if (!password) return { score: 0, label: '', problem: null };
  const problem = passwordProblemText(password, t, email);
  if (problem) return { score: 1, label: t('password.tooWeak'), problem };
  let points = 0;
  if (password.length >= 14) points++;
  if (/\p{Lu}/u.test(password) && /\p{Ll}/u.test(password)) points++;
  if (/\d/.test(password) && /[^\p{L}\d]/u.test(password)) points++;
  if (points >= 2) return { score: 4, label: t('password.strong'), problem: null };
  if (points === 1) return { score: 3, label: t('password.good'), problem: null };
  return { score: 2, label: t('password.fair'), problem: null };
}
