import type { ReferenceReasonCode } from '@cuewave/contract/reference';
import { isSafeFetchError } from '../../../lib/safe-fetch';

/** Why one reference cannot be used: a stable code and a message safe to show (never internal detail). */
export class ReferenceProblem extends Error {
  override readonly name = 'ReferenceProblem';
  constructor(
    readonly code: ReferenceReasonCode,
    message: string,
  ) {
    super(message);
  }
}

/** A fetch failure as a problem to show (the fetcher's message is written to be shown; its detail is not). */
export function problemOf(error: unknown): ReferenceProblem | null {
  if (error instanceof ReferenceProblem) return error;
  if (isSafeFetchError(error)) return new ReferenceProblem(error.reason, error.message);
  return null;
}
