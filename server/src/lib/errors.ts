import { errorStatus, type ErrorCode } from '@cuewave/contract/errors';

/** The one error type services throw; the error handler turns it into `{ error, message }`. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = errorStatus[code];
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
