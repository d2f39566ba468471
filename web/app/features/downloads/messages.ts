/**
 * The download texts. The success toast is the translation key components.toast.downloadTrack.success
 * of spec §7; the licence failure is spec §8 word for word.
 */
export const DOWNLOAD_TOAST_KEYS = { success: 'components.toast.downloadTrack.success' } as const;

export const DOWNLOAD_MESSAGES = {
  [DOWNLOAD_TOAST_KEYS.success]: 'Track downloaded successfully!',
} as const;

export const DOWNLOAD_SUCCESS = DOWNLOAD_MESSAGES[DOWNLOAD_TOAST_KEYS.success];
export const DOWNLOAD_FAILED = 'Failed to download track. Please try again.';
export const PREPARE_TIMED_OUT = 'Preparing your files is taking longer than usual. Please try again in a few minutes.';
/** When the API's 429 carries no sentence of its own. */
export const FAIR_USE_FALLBACK =
  'You have reached today’s fair-use download limit for your account. Downloads open again tomorrow.';
export { LICENCE_DOWNLOAD_FAILED } from '../subscription/licence-download';
