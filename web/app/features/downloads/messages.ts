/**
 * The download texts: keys of the `downloads` namespace. The success toast is the translation key
 * components.toast.downloadTrack.success of spec §7; the English texts are the spec's (§8) word for word.
 */
export const DOWNLOAD_MESSAGES = {
  success: 'components.toast.downloadTrack.success',
  failed: 'messages.failed',
  prepareTimedOut: 'messages.prepareTimedOut',
  /** When the API's 429 carries no sentence of its own. */
  fairUse: 'messages.fairUse',
  licenceFailed: 'messages.licenceFailed',
} as const;
