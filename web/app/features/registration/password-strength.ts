import { passwordProblem } from '@cuewave/contract/account';

export type PasswordStrength = {
  /** 0 empty, 1 too weak (breaks the rule), 2 fair, 3 good, 4 strong. */
  score: 0 | 1 | 2 | 3 | 4;
  label: string;
  /** Why the password is refused, from the shared rule; null once it passes. */
  problem: string | null;
};

/**
 * The meter under a new password. Acceptance is the contract's passwordProblem() (the API applies
 * the same rule); the meter only grades passwords that already pass it.
 */
export function passwordStrength(password: string, email?: string): PasswordStrength {
  if (!password) return { score: 0, label: '', problem: null };
  const problem = passwordProblem(password, email);
  if (problem) return { score: 1, label: 'Too weak', problem };
  let points = 0;
  if (password.length >= 14) points++;
  if (/\p{Lu}/u.test(password) && /\p{Ll}/u.test(password)) points++;
  if (/\d/.test(password) && /[^\p{L}\d]/u.test(password)) points++;
  if (points >= 2) return { score: 4, label: 'Strong', problem: null };
  if (points === 1) return { score: 3, label: 'Good', problem: null };
  return { score: 2, label: 'Fair', problem: null };
}
