import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '@cuewave/contract/errors';
import { AppError } from './errors';
import { ERROR_MESSAGES } from './error-texts';
import { requestLanguage } from './request-language';
import type { ErrorReporter } from './error-reporter';

/** What a client is told to wait before retrying while the database or Redis is back within seconds. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * PostgreSQL SQLSTATEs that mean the server went away or cannot take us now: connection exceptions
 * (class 08), too many connections, and an operator's shutdown, crash or start-up (57P01..57P03).
 */
const UNAVAILABLE_SQLSTATES = /^(08\d{3}|53300|57P0[1-3])$/;
/** The socket errors of a server that is restarting or unreachable. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/** node-postgres and ioredis say it in words only. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // pg: "Connection terminated unexpectedly", "... due to connection timeout"
  /^timeout exceeded when trying to connect$/, // pg-pool: connectionTimeoutMillis passed
  /is not queryable$/, // pg: a client whose connection already failed
  /^Connection is closed\.$/, // ioredis
  /^Reached the max retries per request limit/, // ioredis MaxRetriesPerRequestError
  /^Command timed out$/, // ioredis commandTimeout
];

/**
 * True when an error means a backing service (PostgreSQL, Redis) is down or restarting rather than a
 * bug: the request may succeed if sent again in a few seconds. Follows `cause` and AggregateError's
 * `errors` (a dual-stack connect fails with one error per address).
 */
export function isServiceUnavailable(err: unknown, depth = 0): boolean {
  if (!(err instanceof Error) || depth > 5) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.test(code) || UNAVAILABLE_SOCKET_CODES.has(code))) return true;
  if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(err.message))) return true;
  if (err instanceof AggregateError && err.errors.some((inner) => isServiceUnavailable(inner, depth + 1))) return true;
  return isServiceUnavailable(err.cause, depth + 1);
}

/**
 * One place turns every failure into the spec's error body. Bad input is a 4xx naming the field;
 * a database or Redis that is down or restarting is a 503 with Retry-After; anything unexpected is logged
 * in full and answered with a 500. Neither reveals anything internal.
 */
export function installErrorHandler(app: FastifyInstance, reporter: ErrorReporter | null = null): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    // Messages in the request's language (decision 076); the codes stay the same in every language.
    const language = requestLanguage(request);
    const inLanguage = (code: ErrorCode, english: string) =>
      language === 'en' ? english : ERROR_MESSAGES[language][code];
    if (err instanceof AppError) {
      // Deliberate answers; only a server-side one (5xx, e.g. mail down) is a fault worth reporting.
      if (err.status >= 500) reporter?.report(err, err.status, request);
      return reply
        .status(err.status)
        .headers(err.headers)
        .send({ error: err.code, message: err.messageIn(language) } satisfies ErrorBody);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => {
        const field = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
        return field ? `${field}: ${v.message}` : String(v.message);
      });
      const where = err.validationContext ? `Invalid ${err.validationContext}` : 'Invalid request';
      // Zod's own explanations are English; other languages name the fields to fix.
      const fields = [
        ...new Set(err.validation.map((v) => (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.'))),
      ]
        .filter(Boolean)
        .join(', ');
      const message =
        language === 'en'
          ? `${where}: ${issues.join('; ')}`
          : `${ERROR_MESSAGES[language].VALIDATION_FAILED}${fields ? ` (${fields})` : ''}`;
      return reply.status(400).send({ error: 'VALIDATION_FAILED', message } satisfies ErrorBody);
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, unsupported content type...
      const code = status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'BAD_REQUEST';
      return reply.status(status).send({ error: code, message: inLanguage(code, err.message) } satisfies ErrorBody);
    }
    if (isServiceUnavailable(err)) {
      // Expected while the database or Redis restarts; the operator sees why, the client only when to retry.
      request.log.warn({ err }, 'a backing service is unavailable');
      reporter?.report(err, 503, request);
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({
          error: 'SERVICE_UNAVAILABLE',
          message: inLanguage(
            'SERVICE_UNAVAILABLE',
            'The service is briefly unavailable. Please try again in a few seconds.',
          ),
        } satisfies ErrorBody);
    }
    request.log.error({ err }, 'unhandled error');
    reporter?.report(err, status >= 500 ? status : 500, request);
    return reply.status(500).send({
      error: 'INTERNAL',
      message: inLanguage('INTERNAL', 'Something went wrong on our side. Please try again.'),
    } satisfies ErrorBody);
  });

  app.setNotFoundHandler((request, reply) => {
    const english = `No route for ${request.method} ${request.url.split('?')[0]}`;
    const language = requestLanguage(request);
    return reply.status(404).send({
      error: 'NOT_FOUND',
      message: language === 'en' ? english : ERROR_MESSAGES[language].NOT_FOUND,
    } satisfies ErrorBody);
  });
}

/** Longest path parameter the router accepts (Fastify's default); no identifier of ours comes close. */
export const MAX_PARAM_LENGTH = 100;

/**
 * Fastify's option `frameworkErrors`: what the router refuses before any route or hook runs (a broken
 * percent-escape, an overlong path parameter) answers the spec's error body too, not Fastify's own.
 */
export const frameworkErrors = (err: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return reply.status(414).send({
      error: 'URI_TOO_LONG',
      message: `A part of the address is longer than ${MAX_PARAM_LENGTH} characters, which no identifier is.`,
    } satisfies ErrorBody);
  if (err.code === 'FST_ERR_BAD_URL')
    return reply
      .status(400)
      .send({ error: 'BAD_REQUEST', message: 'The address holds a broken percent-escape.' } satisfies ErrorBody);
  return reply.status(400).send({ error: 'BAD_REQUEST', message: err.message } satisfies ErrorBody);
};
