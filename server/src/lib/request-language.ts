import type { FastifyRequest } from 'fastify';
import { chooseLanguage, type Language } from '@cuewave/contract/languages';

/**
 * The language a request asks for, by the web's rule (decision 076): the `lang` cookie, then
 * Accept-Language, then English. Error messages, sign-up and the emails of visitors without an
 * account follow it; an account's own emails and documents follow the language stored with it.
 */
export function requestLanguage(request: Pick<FastifyRequest, 'headers'>): Language {
  const cookie = request.headers.cookie;
  const accept = request.headers['accept-language'];
  return chooseLanguage(typeof cookie === 'string' ? cookie : null, typeof accept === 'string' ? accept : null);
}
