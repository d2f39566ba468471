import { z } from './zod';
import { LANGUAGES } from './languages';
import {
  BILLING_PERIODS,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  PASSWORD_MAX_LENGTH,
  PLAN_NAMES,
  registrationSteps,
} from './account-rules';

export * from './account-rules';

/**
 * Accounts, sessions and the registration order (spec §3 Account, Auth tokens, Signup and access
 * state; §4 Registration order). Shared by the API and the web app so both agree on every field.
 */

export const planNameSchema = z.enum(PLAN_NAMES);
export const billingPeriodSchema = z.enum(BILLING_PERIODS);

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH)
  .pipe(z.email({ pattern: EMAIL_PATTERN, message: 'Enter a valid email address, like name@example.com.' }));

export const passwordSchema = z.string().min(1).max(PASSWORD_MAX_LENGTH);

/** 6 digits, as typed into the verification forms. */
export const verificationCodeSchema = z.string().regex(/^\d{6}$/, 'Enter the 6-digit code.');

/** A language the store speaks (decision 076): anything else is 400 VALIDATION_FAILED. */
export const languageSchema = z.enum(LANGUAGES);

export const accountSchema = z
  .object({
    id: z.string(),
    email: z.string().describe('The sign-in email'),
    confirmedEmail: z.boolean(),
    pendingEmail: z
      .string()
      .nullable()
      .optional()
      .describe('A new sign-in email waiting for its code or link; the email above stays the sign-in email until then'),
    phone: z.string().nullable().describe('E.164, e.g. +48601234567'),
    confirmedPhone: z.boolean(),
    newsletter: z.boolean(),
    mobileNotifications: z.boolean(),
    rating: z.number().int().min(1).max(5).nullable(),
    signupPlan: planNameSchema.nullable().describe('The plan chosen during registration'),
    signupPeriod: billingPeriodSchema.nullable(),
    language: languageSchema.describe('The language of its emails, licence certificates and receipts (decision 076)'),
    createTS: z.string().describe('ISO time'),
  })
  .meta({ id: 'Account' });
export type Account = z.infer<typeof accountSchema>;

/** The current subscription, as much as the accounts issue knows of it. */
export const subscriptionSummarySchema = z
  .object({
    id: z.string(),
    planType: planNameSchema,
    status: z.enum(['active', 'payment', 'pending', 'cancelled', 'ended']),
    payPeriod: z.enum(['monthly', 'yearly']).nullable(),
    nextPayTS: z.string().nullable().describe('ISO time of the next payment or the end of the trial'),
    currency: z.string().nullable(),
  })
  .meta({ id: 'SubscriptionSummary' });
export type SubscriptionSummary = z.infer<typeof subscriptionSummarySchema>;

/** Access state (spec §3), computed by the server from the account and its subscription. */
export const accessSchema = z
  .object({
    isRegisterComplete: z.boolean(),
    isPendingPayment: z.boolean(),
    isNoPlan: z.boolean(),
    isTrialUsed: z
      .boolean()
      .optional()
      .describe(
        'The free trial is not on offer: the account had its trial (once per account) or a paid plan (trials are for new customers). Offer paid plans only',
      ),
    hadPaidPlan: z
      .boolean()
      .optional()
      .describe('The account had a paid plan that ran (active at some point), whatever became of it'),
  })
  .meta({ id: 'Access' });
export type Access = z.infer<typeof accessSchema>;

/** GET /auth/me: who is signed in and where the registration stands. */
export const meSchema = z
  .object({
    account: accountSchema,
    subscription: subscriptionSummarySchema.nullable(),
    access: accessSchema,
    registrationStep: z
      .enum(registrationSteps)
      .nullable()
      .describe('The step the registration order forces; null once registration is complete'),
  })
  .meta({ id: 'Me' });
export type Me = z.infer<typeof meSchema>;

/** POST /auth/token answer (RFC 6749 §5.1). */
export const tokenResponseSchema = z
  .object({
    access_token: z.string(),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int().describe('Seconds until the access token expires'),
    refresh_token: z.string(),
  })
  .meta({ id: 'TokenResponse' });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const registerBodySchema = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    captcha: z.string().max(20_000).describe('Captcha solution (ALTCHA payload or reCAPTCHA token)'),
    newsletter: z.boolean().default(false),
  })
  .meta({ id: 'RegisterBody' });

/** GET /captcha/challenge: what the client needs to produce a captcha solution. */
export const captchaChallengeSchema = z
  .discriminatedUnion('provider', [
    z.object({
      provider: z.literal('altcha'),
      challenge: z.record(z.string(), z.unknown()).describe('ALTCHA challenge to solve with proof of work'),
    }),
    z.object({ provider: z.literal('recaptcha'), siteKey: z.string() }),
  ])
  .meta({ id: 'CaptchaChallenge' });
export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>;

// ---- Request and answer bodies of the auth, account and subscription calls (spec §7) ----

/** POST /auth/token (form or JSON body). Which fields matter depends on grant_type. */
export const tokenRequestSchema = z
  .object({
    grant_type: z.string().max(50).describe('password, refresh_token or ott'),
    username: z.string().max(254).optional().describe('password grant: the email'),
    password: z.string().max(1024).optional().describe('password grant'),
    captcha: z.string().max(20_000).optional().describe('password grant: required after repeated failures'),
    refresh_token: z
      .string()
      .max(200)
      .optional()
      .describe('refresh_token grant; defaults to the cm-refresh-token cookie'),
    code: z.string().max(200).optional().describe('ott grant: the one-time sign-in token'),
  })
  .meta({ id: 'TokenRequest' });
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

/** POST /auth/revoke (form or JSON body; RFC 7009 calls the field `token`). Without one, the cookie. */
export const revokeRequestSchema = z
  .object({
    refresh_token: z.string().max(200).optional(),
    token: z.string().max(2000).optional(),
    token_type_hint: z.string().max(50).optional(),
  })
  .meta({ id: 'RevokeRequest' });

/** GET /auth/ott: a one-time sign-in token to hand the session to another device via /ott/{code}. */
export const ottSchema = z
  .object({ code: z.string(), expiresIn: z.number().int().describe('Seconds the code stays valid') })
  .meta({ id: 'OneTimeToken' });
export type OneTimeToken = z.infer<typeof ottSchema>;

const captchaField = z.string().max(20_000).describe('Captcha solution (ALTCHA payload or reCAPTCHA token)');

/** Bodies that carry only a captcha: email and SMS code resends. */
export const captchaBodySchema = z.object({ captcha: captchaField }).meta({ id: 'CaptchaBody' });

/** POST /auth/ott/email and POST /v1/account/password/reset: always answered 202, known email or not. */
export const emailWithCaptchaBodySchema = z
  .object({ email: emailSchema, captcha: captchaField })
  .meta({ id: 'EmailWithCaptchaBody' });

/** An empty JSON object: the answer of calls that only acknowledge (202 or 200). */
export const emptyObjectSchema = z.object({}).meta({ id: 'Empty' });

/** POST /v1/account: every field optional; changing the email needs the current password. */
export const updateAccountBodySchema = z
  .object({
    email: emailSchema.optional(),
    currentPassword: passwordSchema.optional().describe('Required when the email changes'),
    newsletter: z.boolean().optional(),
    signupPlan: planNameSchema.nullable().optional(),
    signupPeriod: billingPeriodSchema.nullable().optional(),
    language: languageSchema.optional().describe('The language switch of a signed-in user (decision 076)'),
  })
  .meta({ id: 'UpdateAccountBody' });
export type UpdateAccountBody = z.infer<typeof updateAccountBodySchema>;

/** DELETE /v1/account: re-authentication before deleting everything personal. */
export const deleteAccountBodySchema = z.object({ password: passwordSchema }).meta({ id: 'DeleteAccountBody' });

export const rateBodySchema = z.object({ value: z.number().int().min(1).max(5) }).meta({ id: 'RateBody' });

/** POST /v1/account/email/verify: the typed code (signed in) or the emailed link's token (no sign-in needed). */
export const verifyEmailBodySchema = z
  .object({ code: verificationCodeSchema.optional(), token: z.string().min(1).max(200).optional() })
  .refine((body) => (body.code === undefined) !== (body.token === undefined), {
    message: 'Send either the code or the token from the link.',
  })
  .meta({ id: 'VerifyEmailBody' });

/** POST /v1/account/email/undo: the token from the link mailed to the old address after an email change. */
export const undoEmailChangeBodySchema = z
  .object({ token: z.string().min(1).max(200) })
  .meta({ id: 'UndoEmailChangeBody' });

/**
 * The undo restored the old sign-in email and signed every session out; the password no longer works,
 * so the answer carries a password-reset token (PASSWORD_RESET_MINUTES) to choose a new one at once.
 */
export const emailChangeUndoneSchema = z
  .object({ email: z.string(), resetToken: z.string() })
  .meta({ id: 'EmailChangeUndone' });
export type EmailChangeUndone = z.infer<typeof emailChangeUndoneSchema>;

export const emailVerifiedSchema = z
  .object({ email: z.string(), confirmedEmail: z.literal(true) })
  .meta({ id: 'EmailVerified' });

/** POST /v1/account/mobile. A number without a leading + is read in `country` (ISO 3166-1 alpha-2). */
export const addPhoneBodySchema = z
  .object({
    phoneNumber: z.string().trim().min(1).max(40),
    country: z
      .string()
      .regex(/^[A-Za-z]{2}$/, 'Use a two-letter country code, like US or PL.')
      .transform((c) => c.toUpperCase())
      .optional(),
  })
  .meta({ id: 'AddPhoneBody' });

export const verifyCodeBodySchema = z.object({ code: verificationCodeSchema }).meta({ id: 'VerifyCodeBody' });

export const changePasswordBodySchema = z
  .object({ currentPassword: passwordSchema, newPassword: passwordSchema })
  .meta({ id: 'ChangePasswordBody' });

/** POST /v1/account/password/change: the token from the emailed reset link and the new password. */
export const resetPasswordBodySchema = z
  .object({ token: z.string().min(1).max(200), password: passwordSchema })
  .meta({ id: 'ResetPasswordBody' });
