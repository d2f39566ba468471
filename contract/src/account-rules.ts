/**
 * The account rules the pages need without the schemas (decision 046): plans, limits, the password
 * rule, the registration order, cookie names and link lifetimes. No zod here, so a public page that
 * only reads a cookie name or the trial length does not load the validation library;
 * `account.ts` re-exports all of it next to the schemas.
 */

/** Purchasable plans (spec §3). */
export const PLAN_NAMES = ['trial', 'start', 'advanced', 'professional', 'enterprise'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

export const BILLING_PERIODS = ['month', 'year'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

/** Channel limits per plan (spec §6, §9). */
export const CHANNEL_LIMITS: Record<PlanName, number> = {
  trial: 1,
  start: 1,
  advanced: 3,
  professional: 5,
  enterprise: 15,
};

export const TRIAL_DAYS = 30;

/** Minimum password rule: 10+ characters with a letter and a digit or symbol; not the email itself. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;
export function passwordProblem(password: string, email?: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (!/\p{L}/u.test(password) || !/[^\p{L}]/u.test(password)) return 'Mix letters with at least one number or symbol.';
  if (email && password.trim().toLowerCase() === email.trim().toLowerCase())
    return 'Your password must not be your email address.';
  if (/^(.)\1+$/u.test(password)) return 'Avoid a single repeated character.';
  return null;
}

/**
 * What the store takes for an email address: Zod's own email pattern, written here so a page can check
 * a field without loading Zod; `emailSchema` validates with this same pattern.
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
export const EMAIL_MAX_LENGTH = 254;

/** The address as the store keeps it (trimmed, lower case), or null when it is not one. */
export function normaliseEmail(value: string): string | null {
  const email = value.trim().toLowerCase();
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email) ? email : null;
}

/** Verification codes: how long one lives and how many tries it allows. */
export const CODE_TTL_MINUTES = 15;
export const CODE_MAX_ATTEMPTS = 5;

/** The registration order of spec §4, in order. */
export const registrationSteps = [
  'verify-email',
  'select-plan',
  'add-phone',
  'verify-phone',
  'trial',
  'details',
] as const;
export type RegistrationStep = (typeof registrationSteps)[number];

/** Cookie names (spec §3, §9). The refresh cookie is httpOnly and only the API reads it. */
export const USER_TOKEN_COOKIE = 'cm-user-token';
export const REFRESH_TOKEN_COOKIE = 'cm-refresh-token';
export const USER_TOKEN_COOKIE_DAYS = 7;
export const REFRESH_TOKEN_DAYS = 30;
export const ACCESS_TOKEN_MINUTES = 15;

/** Lifetimes of the links we email (decision 031). */
export const SIGNIN_LINK_MINUTES = 15;
export const OTT_SECONDS = 300;
export const PASSWORD_RESET_MINUTES = 60;
export const EMAIL_LINK_HOURS = 24;
/** How long the old address can undo a change of the sign-in email (decision 048). */
export const EMAIL_UNDO_DAYS = 7;
