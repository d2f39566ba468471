import {
  accountSchema,
  addPhoneBodySchema,
  captchaBodySchema,
  changePasswordBodySchema,
  deleteAccountBodySchema,
  emailChangeUndoneSchema,
  emailVerifiedSchema,
  emailWithCaptchaBodySchema,
  emptyObjectSchema,
  rateBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
  tokenResponseSchema,
  undoEmailChangeBodySchema,
  updateAccountBodySchema,
  verifyCodeBodySchema,
  verifyEmailBodySchema,
} from '@cuewave/contract/account';
import { errorBodySchema } from '@cuewave/contract/errors';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { ZodApp } from '../../deps';
import { AppError } from '../../lib/errors';
import { requestLanguage } from '../../lib/request-language';
import { clearSessionCookies, setSessionCookies } from '../auth/cookies';
import { accountIdOf, authenticate, requireAuth } from '../auth/require-auth';
import { invalidToken } from '../auth/sessions.service';
import {
  changePassword,
  deleteAccount,
  getAccount,
  rate,
  register,
  requestPasswordReset,
  resetPassword,
  setMobileNotifications,
  setNewsletter,
  updateAccountDetails,
} from './account.service';
import type { AccountDeps } from './account-mapping';
import { cancelPendingEmail, undoEmailChange } from './email-change.service';
import {
  addPhone,
  removePhone,
  resendPhoneCode,
  resendVerificationEmail,
  verifyEmailCode,
  verifyEmailToken,
  verifyPhone,
} from './verification.service';

const tags = ['account'];

/** A 503 for an email that could not be sent carries the provider's error: the operator's log gets it. */
export async function loggingMailFailures<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.code === 'SERVICE_UNAVAILABLE' && error.cause) {
      request.log.warn({ err: error.cause }, 'an account email could not be sent');
    }
    throw error;
  }
}
const bearer = 'Bearer token required.';
const e = errorBodySchema;
/** The error answers every signed-in call may give. */
const authErrors = { 400: e, 401: e };

/** Account calls of spec §7 under /api/v1/account. Every signed-in call reads and writes only the caller's row. */
export async function registerAccountRoutes(app: ZodApp, deps: AccountDeps): Promise<void> {
  const preHandler = requireAuth(deps);

  app.post(
    '/api/v1/account/register',
    {
      schema: {
        tags,
        summary: 'Create an account',
        description:
          'The account’s language (its emails and documents) is the request’s: the lang cookie, else Accept-Language, ' +
          'else English. Captcha required (400 recaptcha error); password rule from the contract (400 WEAK_PASSWORD); a taken email ' +
          'answers 409 EMAIL_TAKEN. Sends the verification email (code and link) in the same transaction: when it ' +
          'cannot be sent nothing is saved and the answer is 503 SERVICE_UNAVAILABLE. 10 per IP and hour.',
        body: registerBodySchema,
        response: { 201: accountSchema, 400: e, 409: e, 429: e, 503: e },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await loggingMailFailures(request, () => register(deps, request.body, request.ip, requestLanguage(request))),
        ),
  );

  app.get(
    '/api/v1/account',
    {
      preHandler,
      schema: { tags, summary: 'The signed-in account', description: bearer, response: { 200: accountSchema, 401: e } },
    },
    async (request) => getAccount(deps, accountIdOf(request)),
  );

  // POST is the spec's call (§7); PATCH is the same partial update under the method that says so.
  for (const method of ['post', 'patch'] as const) {
    app[method](
      '/api/v1/account',
      {
        preHandler,
        schema: {
          tags,
          summary: method === 'post' ? 'Update the account' : 'Update the account (the same call as POST)',
          description:
            'Every field is optional; language (en or pl, else 400 VALIDATION_FAILED) sets the language of the ' +
            'account’s emails, licence certificates and receipts. Changing the email needs currentPassword (401 ' +
            'wrong credentials or client not found when wrong; 409 EMAIL_TAKEN if used). A confirmed account keeps signing in with its email: the new one waits in ' +
            'pendingEmail, gets the code and link, and replaces it once confirmed; the old address then gets an undo ' +
            'link. An unconfirmed email is replaced at once. Rate limited like the resends (429); 503 when the email ' +
            `cannot be sent (nothing changes). ${bearer}`,
          body: updateAccountBodySchema,
          response: { 200: accountSchema, ...authErrors, 409: e, 429: e, 503: e },
        },
      },
      async (request) =>
        loggingMailFailures(request, () => updateAccountDetails(deps, accountIdOf(request), request.body, request.ip)),
    );
  }

  app.delete(
    '/api/v1/account',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Delete the account and everything personal',
        description:
          'Needs the password (401 wrong credentials or client not found). An active paid subscription must be ' +
          `cancelled first (409 ACTIVE_SUBSCRIPTION); a trial is removed with the account. Clears the cookies. ${bearer}`,
        body: deleteAccountBodySchema,
        response: { 204: z.null().describe('Deleted'), ...authErrors, 409: e },
      },
    },
    async (request, reply) => {
      await deleteAccount(deps, accountIdOf(request), request.body.password);
      clearSessionCookies(request, reply, deps.config);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/account/rate',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Rate the store (1 to 5)',
        description: bearer,
        body: rateBodySchema,
        response: { 200: accountSchema, ...authErrors },
      },
    },
    async (request) => rate(deps, accountIdOf(request), request.body.value),
  );

  // ---- Email verification ----

  app.post(
    '/api/v1/account/email/verify',
    {
      schema: {
        tags,
        summary: 'Confirm the email with the code (signed in) or the emailed link token (no sign-in needed)',
        description:
          'Confirms the pending new email when there is one (it becomes the sign-in email and the old address is ' +
          'mailed an undo link; 409 EMAIL_TAKEN if another account took it), else the account email. Code: 6 digits, ' +
          '15 minutes, 5 tries (400 CODE_INVALID with the tries left, 400 CODE_EXPIRED). Token: 404 can not find ' +
          'account by token when invalid, expired or used. Already confirmed: 409 email already confirmed.',
        body: verifyEmailBodySchema,
        response: { 200: emailVerifiedSchema, 400: e, 401: e, 404: e, 409: e, 503: e },
      },
    },
    async (request) =>
      loggingMailFailures(request, async () => {
        if (request.body.token !== undefined) return verifyEmailToken(deps, request.body.token);
        const auth = await authenticate(deps, request);
        if (!auth) throw invalidToken();
        return verifyEmailCode(deps, auth.accountId, request.body.code!);
      }),
  );

  app.delete(
    '/api/v1/account/email/pending',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Cancel a pending change of the sign-in email',
        description: `Its code and link stop working; the sign-in email stays as it is. ${bearer}`,
        response: { 200: accountSchema, 401: e },
      },
    },
    async (request) => cancelPendingEmail(deps, accountIdOf(request)),
  );

  app.post(
    '/api/v1/account/email/undo',
    {
      schema: {
        tags,
        summary: 'Undo a change of the sign-in email with the link mailed to the old address (7 days, single use)',
        description:
          'No sign-in needed: the token names the account. Restores the old address as the confirmed sign-in email, ' +
          'signs every session out and voids the password; the answer carries a password-reset token to choose a ' +
          'new one. 404 can not find account by token when unknown, expired or used.',
        body: undoEmailChangeBodySchema,
        response: { 200: emailChangeUndoneSchema, 400: e, 404: e, 409: e },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return undoEmailChange(deps, request.body.token);
    },
  );

  app.post(
    '/api/v1/account/email/resend',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Send a new email verification code and link',
        description:
          'To the pending new email when there is one, else to the unconfirmed account email. Captcha required. 1 per ' +
          `30 s and 6 per hour per account, 30 per hour per IP (429). ${bearer}`,
        body: captchaBodySchema,
        response: { 202: emptyObjectSchema, ...authErrors, 409: e, 429: e, 503: e },
      },
    },
    async (request, reply) => {
      await loggingMailFailures(request, () =>
        resendVerificationEmail(deps, accountIdOf(request), request.body.captcha, request.ip),
      );
      return reply.status(202).send({});
    },
  );

  for (const [method, on] of [
    ['post', true],
    ['delete', false],
  ] as const) {
    app[method](
      '/api/v1/account/email/newsletter',
      {
        preHandler,
        schema: {
          tags,
          summary: on ? 'Subscribe to the newsletter' : 'Unsubscribe from the newsletter',
          description: bearer,
          response: { 200: accountSchema, 401: e },
        },
      },
      async (request) => setNewsletter(deps, accountIdOf(request), on),
    );

    app[method](
      '/api/v1/account/mobile/notifications',
      {
        preHandler,
        schema: {
          tags,
          summary: on ? 'Turn text notifications on' : 'Turn text notifications off',
          description: `Turning them on needs a confirmed phone (400 PHONE_REQUIRED). ${bearer}`,
          response: { 200: accountSchema, ...authErrors },
        },
      },
      async (request) => setMobileNotifications(deps, accountIdOf(request), on),
    );
  }

  // ---- Phone ----

  app.post(
    '/api/v1/account/mobile',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Add or replace the phone number and text it a code',
        description:
          'Normalised to E.164; a number without + is read in country (400 PHONE_INVALID). Needs a confirmed email ' +
          `(403 account not confirmed). Rate limited like the resends. ${bearer}`,
        body: addPhoneBodySchema,
        response: { 200: accountSchema, ...authErrors, 403: e, 429: e },
      },
    },
    async (request) => addPhone(deps, accountIdOf(request), request.body, request.ip),
  );

  app.delete(
    '/api/v1/account/mobile',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Remove the phone number',
        description: bearer,
        response: { 200: accountSchema, 401: e },
      },
    },
    async (request) => removePhone(deps, accountIdOf(request)),
  );

  app.post(
    '/api/v1/account/mobile/resend',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Text a new phone verification code',
        description: `Captcha required; 400 PHONE_REQUIRED without a phone, 409 PHONE_ALREADY_CONFIRMED. ${bearer}`,
        body: captchaBodySchema,
        response: { 202: emptyObjectSchema, ...authErrors, 409: e, 429: e },
      },
    },
    async (request, reply) => {
      await resendPhoneCode(deps, accountIdOf(request), request.body.captcha, request.ip);
      return reply.status(202).send({});
    },
  );

  app.post(
    '/api/v1/account/mobile/verify',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Confirm the phone with the texted code',
        description: `Same code rules as the email (CODE_INVALID, CODE_EXPIRED); 409 PHONE_ALREADY_CONFIRMED. ${bearer}`,
        body: verifyCodeBodySchema,
        response: { 200: accountSchema, ...authErrors, 409: e },
      },
    },
    async (request) => verifyPhone(deps, accountIdOf(request), request.body.code),
  );

  // ---- Password ----

  app.post(
    '/api/v1/account/password',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Change the password',
        description:
          'Signs out every other session and answers fresh tokens (and cookies) for this one. Wrong current password: ' +
          `401 wrong credentials or client not found; weak: 400 WEAK_PASSWORD. ${bearer}`,
        body: changePasswordBodySchema,
        response: { 200: tokenResponseSchema, ...authErrors },
      },
    },
    async (request, reply) => {
      const tokens = await changePassword(deps, accountIdOf(request), request.body);
      setSessionCookies(request, reply, deps.config, tokens);
      reply.header('cache-control', 'no-store');
      return tokens;
    },
  );

  app.post(
    '/api/v1/account/password/reset',
    {
      schema: {
        tags,
        summary: 'Email a password reset link (60 minutes, single use)',
        description: 'Always 202, whether or not the email has an account. Captcha required; rate limited.',
        body: emailWithCaptchaBodySchema,
        response: { 202: emptyObjectSchema, 400: e, 429: e },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(deps, request.body, request.ip);
      return reply.status(202).send({});
    },
  );

  app.post(
    '/api/v1/account/password/change',
    {
      schema: {
        tags,
        summary: 'Set a new password with the token from the reset link',
        description:
          'Bad, expired or used token: 404 can not find account by token; weak: 400 WEAK_PASSWORD. Signs out every ' +
          'session and emails a confirmation.',
        body: resetPasswordBodySchema,
        response: { 200: emptyObjectSchema, 400: e, 404: e },
      },
    },
    async (request) => {
      await resetPassword(deps, request.body);
      return {};
    },
  );
}
