import { z } from './zod';

/**
 * Every error the API answers with. The spec's identifiers (§8) are kept verbatim because the web
 * client and older integrations match on them; our own codes are SCREAMING_SNAKE like NOT_FOUND.
 */
export const errorStatus = {
  NOT_FOUND: 404,
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  RANGE_NOT_SATISFIABLE: 416,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  // a cookie-authenticated write (or a sign-in) started by another website (decision 047)
  CROSS_SITE_REQUEST: 403,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  // the operator's maintenance switch is on (issue 15): try again after Retry-After seconds
  MAINTENANCE: 503,
  EMAIL_TAKEN: 409,
  WEAK_PASSWORD: 400,
  CODE_INVALID: 400,
  CODE_EXPIRED: 400,
  PHONE_INVALID: 400,
  PHONE_REQUIRED: 400,
  PHONE_ALREADY_CONFIRMED: 409,
  ACTIVE_SUBSCRIPTION: 409,
  TRIAL_ALREADY_USED: 409,
  // the only card of a paid subscription that renews: another card must be added first (decision 043)
  PAYMENT_METHOD_REQUIRED: 409,
  // a charge the card refused (the message says why, from PAYMENT_FAILURE_MESSAGES)
  PAYMENT_FAILED: 402,
  // user playlists (decision 054): too many playlists, a full playlist, items naming unknown products
  PLAYLIST_LIMIT: 409,
  PLAYLIST_FULL: 409,
  UNKNOWN_PRODUCTS: 400,
  // downloads (decision 055): the plan does not allow downloads; each code has its own call to action
  DOWNLOAD_NO_SUBSCRIPTION: 403,
  DOWNLOAD_SUBSCRIPTION_ENDED: 403,
  DOWNLOAD_PAYMENT_PENDING: 403,
  // a signed download URL that expired, was altered or was issued to someone else
  DOWNLOAD_LINK_INVALID: 403,
  // the fair-use limit of distinct products per account and UTC day (DOWNLOADS_PER_DAY)
  DOWNLOAD_LIMIT_REACHED: 429,
  // a file the product does not have (stems of a product without stems)
  FILE_NOT_AVAILABLE: 400,
  // playlist archives (decision 056): items outside the playlist; the zip asked for before it is built,
  // after its job failed, or after it was deleted (24 h)
  ITEMS_NOT_IN_PLAYLIST: 400,
  ARCHIVE_NOT_READY: 409,
  ARCHIVE_FAILED: 409,
  ARCHIVE_EXPIRED: 410,
  // AI video match (decision 068): a corrupt or cut-off file, no picture (audio only), longer than 10 minutes
  VIDEO_UNREADABLE: 400,
  VIDEO_NO_FRAMES: 400,
  VIDEO_TOO_LONG: 400,
  // RFC 6749 §5.2 names this one; OAuth clients match on it.
  unsupported_grant_type: 400,
  'account not confirmed': 403,
  'email already confirmed': 409,
  'billing details not found': 400,
  'recaptcha error': 400,
  'can not find account by token': 404,
  'wrong credentials or client not found': 401,
  'verify jwt token': 401,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export const errorBodySchema = z
  .object({
    error: z.string().describe('A stable identifier from the error catalogue, e.g. NOT_FOUND'),
    message: z.string().describe('A human-readable explanation'),
  })
  .meta({ id: 'ErrorBody' });

export type ErrorBody = z.infer<typeof errorBodySchema>;
