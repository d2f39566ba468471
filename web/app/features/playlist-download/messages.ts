import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api';

/**
 * The sentence the shared error handler shows, in the language of `t` (the `playlist-download`
 * namespace): the API's own message when it sent one (the API answers in the user's language, decision
 * 076), else ours (the spec gives none word for word: §8 only says the status is failure).
 */
export function downloadErrorMessage(error: unknown, t: TFunction<'playlist-download'>): string {
  if (error instanceof ApiError && error.body.message && !error.body.error.startsWith('HTTP_'))
    return error.body.message;
  return t('failed');
}
