import { ApiError } from '../../lib/api';

/** The playlist download's texts (the spec gives none word for word: §8 only says the status is failure). */
export const PLAYLIST_DOWNLOAD_FAILED = 'Failed to download playlist. Please try again.';

/** The sentence the shared error handler shows: the API's own message when it sent one. */
export function downloadErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.body.message && !error.body.error.startsWith('HTTP_'))
    return error.body.message;
  return PLAYLIST_DOWNLOAD_FAILED;
}
