import { ApiError } from '../../lib/api';

/**
 * The API names each bad field in one 400 VALIDATION_FAILED message:
 * "Invalid body: postalCode: Enter a postal code for Poland like 00-950.; state: Choose a state."
 * (server/src/lib/error-handler.ts and the billing and card checks use the same shape). This splits
 * it back into fields so each message appears under its own input.
 */
export type ParsedFieldErrors = {
  /** Message per field path (nested paths keep their dots, e.g. "channels.0.url"). */
  fields: Record<string, string>;
  /** Whatever could not be tied to a field, for the form's own alert; null when nothing is left. */
  rest: string | null;
};

const PREFIX = /^Invalid (?:body|query|params|querystring|request|headers):\s*/;
// A new issue starts after "; " with a field path and a colon; messages may contain ";" themselves.
const ISSUE_SPLIT = /;\s+(?=[A-Za-z_][\w.]*:\s)/;
const ISSUE = /^([A-Za-z_][\w.]*):\s+([\s\S]+)$/;

export function parseFieldErrors(message: string): ParsedFieldErrors {
  if (!PREFIX.test(message)) return { fields: {}, rest: message.trim() || null };
  const body = message.replace(PREFIX, '');
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  for (const issue of body.split(ISSUE_SPLIT)) {
    const match = ISSUE.exec(issue.trim());
    if (match && match[1] && match[2]) {
      // The first message per field is the one to fix first.
      fields[match[1]] ??= match[2].trim();
    } else if (issue.trim()) {
      rest.push(issue.trim());
    }
  }
  return { fields, rest: rest.length ? rest.join(' ') : null };
}

/** The field errors of a failed call, or null when it was not a validation failure. */
export function fieldErrorsOf(error: unknown): ParsedFieldErrors | null {
  if (!(error instanceof ApiError) || error.body.error !== 'VALIDATION_FAILED') return null;
  return parseFieldErrors(error.body.message);
}
