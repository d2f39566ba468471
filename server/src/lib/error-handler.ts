import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@cuewave/contract/errors';
import { AppError } from './errors';

/**
 * One place turns every failure into the spec's error body. Bad input is a 4xx naming the field;
 * anything unexpected is logged in full and answered with a 500 that reveals nothing internal.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      return reply
        .status(err.status)
        .headers(err.headers)
        .send({ error: err.code, message: err.message } satisfies ErrorBody);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => {
        const field = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
        return field ? `${field}: ${v.message}` : String(v.message);
      });
      const where = err.validationContext ? `Invalid ${err.validationContext}` : 'Invalid request';
      return reply
        .status(400)
        .send({ error: 'VALIDATION_FAILED', message: `${where}: ${issues.join('; ')}` } satisfies ErrorBody);
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, unsupported content type...
      const code = status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'BAD_REQUEST';
      return reply.status(status).send({ error: code, message: err.message } satisfies ErrorBody);
    }
    request.log.error({ err }, 'unhandled error');
    return reply
      .status(500)
      .send({ error: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } satisfies ErrorBody);
  });

  app.setNotFoundHandler((request, reply) => {
    return reply.status(404).send({
      error: 'NOT_FOUND',
      message: `No route for ${request.method} ${request.url.split('?')[0]}`,
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
