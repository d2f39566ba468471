import fastifyFormbody from '@fastify/formbody';
import {
  emailWithCaptchaBodySchema,
  emptyObjectSchema,
  meSchema,
  ottSchema,
  REFRESH_TOKEN_COOKIE,
  revokeRequestSchema,
  tokenRequestSchema,
  tokenResponseSchema,
} from '@cuewave/contract/account';
import { errorBodySchema } from '@cuewave/contract/errors';
import type { preValidationAsyncHookHandler } from 'fastify';
import type { ZodApp } from '../../deps';
import {
  createOtt,
  emailSigninLink,
  GRANT_TYPES,
  me,
  revoke,
  tokenGrant,
  type AuthDeps,
  type GrantType,
} from './auth.service';
import { clearSessionCookies, readCookie, setSessionCookies } from './cookies';
import { accountIdOf, requireAuth } from './require-auth';

const tags = ['auth'];
const consumes = ['application/x-www-form-urlencoded', 'application/json'];

/** Form fields arrive as '' when left empty; treat them as absent. */
const present = (value: string | undefined) => (value ? value : undefined);

/** A body-less POST (a plain fetch to /auth/revoke) validates as an empty object. */
const emptyBodyIsObject: preValidationAsyncHookHandler = async (request) => {
  request.body ??= {};
};

const isGrantType = (value: string): value is GrantType => (GRANT_TYPES as readonly string[]).includes(value);

/** Auth calls of spec §7: the OAuth2 token endpoint, revocation, the signed-in user and one-time sign-in tokens. */
export async function registerAuthRoutes(app: ZodApp, deps: AuthDeps): Promise<void> {
  // The token endpoint takes OAuth2 form bodies.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) await app.register(fastifyFormbody);
  const preHandler = requireAuth(deps);

  app.post(
    '/api/auth/token',
    {
      schema: {
        tags,
        summary: 'Sign in or refresh the session (OAuth2 token endpoint)',
        description:
          'grant_type=password (username, password; captcha after 3 failures for the email or the address; 10 per ' +
          '5 minutes per email and address, 30 per address for every grant: 429), refresh_token (from the body or the ' +
          'cm-refresh-token cookie; rotated on every use) or ott (code). Sets the cm-user-token and cm-refresh-token ' +
          'cookies. Wrong email or password: 401 wrong credentials or client not found; bad tokens: 401 verify jwt token.',
        consumes,
        body: tokenRequestSchema,
        response: { 200: tokenResponseSchema, 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (!isGrantType(body.grant_type)) {
        // RFC 6749 §5.2's error name, in our { error, message } shape.
        return reply.status(400).send({
          error: 'unsupported_grant_type',
          message: `grant_type must be one of ${GRANT_TYPES.join(', ')}.`,
        });
      }
      const tokens = await tokenGrant(
        deps,
        {
          grantType: body.grant_type,
          username: present(body.username),
          password: present(body.password),
          captcha: present(body.captcha),
          refreshToken: present(body.refresh_token) ?? readCookie(request, REFRESH_TOKEN_COOKIE),
          code: present(body.code),
        },
        request.ip,
      );
      setSessionCookies(request, reply, deps.config, tokens);
      reply.header('cache-control', 'no-store');
      return tokens;
    },
  );

  app.post(
    '/api/auth/revoke',
    {
      preValidation: emptyBodyIsObject,
      schema: {
        tags,
        summary: 'Sign out: revoke the refresh token and its family',
        description:
          'Takes refresh_token (or token) from the body, else the cm-refresh-token cookie. Always 200; clears both ' +
          'cookies; never says whether the token existed.',
        consumes,
        body: revokeRequestSchema,
        response: { 200: emptyObjectSchema },
      },
    },
    async (request, reply) => {
      const token =
        present(request.body.refresh_token) ?? present(request.body.token) ?? readCookie(request, REFRESH_TOKEN_COOKIE);
      await revoke(deps, token);
      clearSessionCookies(request, reply, deps.config);
      return {};
    },
  );

  app.get(
    '/api/auth/me',
    {
      preHandler,
      schema: {
        tags,
        summary: 'The signed-in account, its subscription, access flags and registration step',
        description: 'Bearer token (or the cm-user-token cookie) required.',
        response: { 200: meSchema, 401: errorBodySchema },
      },
    },
    async (request) => me(deps, accountIdOf(request)),
  );

  app.get(
    '/api/auth/ott',
    {
      preHandler,
      schema: {
        tags,
        summary: 'A one-time sign-in token (5 minutes, single use) for another device',
        description: 'Open /ott/{code} on the other device; it signs in with grant_type=ott. Bearer token required.',
        response: { 200: ottSchema, 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return createOtt(deps, accountIdOf(request));
    },
  );

  app.post(
    '/api/auth/ott/email',
    {
      schema: {
        tags,
        summary: 'Email a sign-in link (15 minutes, single use)',
        description: 'Always 202, whether or not the email has an account. Captcha required; rate limited.',
        body: emailWithCaptchaBodySchema,
        response: { 202: emptyObjectSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      await emailSigninLink(deps, request.body, request.ip);
      return reply.status(202).send({});
    },
  );
}
