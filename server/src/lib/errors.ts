import { errorStatus, type ErrorCode } from '@cuewave/contract/errors';
import type { Language } from '@cuewave/contract/languages';
import { ERROR_MESSAGES } from './error-texts';

/** The message of an error in the languages other than English, when the thrower wrote one. */
export type ErrorTranslations = Partial<Record<Exclude<Language, 'en'>, string>>;

/**
 * The one error type services throw; the error handler turns it into `{ error, message }`. The
 * message is English; `translations` gives it in other languages, and a language without one gets
 * the code's own text in that language (decision 076), never English in a Polish page.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly translations: ErrorTranslations = {},
  ) {
    super(message);
    this.status = errorStatus[code];
  }

  /** The message for a reader of `language`. */
  messageIn(language: Language): string {
    if (language === 'en') return this.message;
    return this.translations[language] ?? ERROR_MESSAGES[language][this.code];
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
