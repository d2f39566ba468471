// Thrown when input cannot be turned into samples; the message is safe to show to an uploader.
export class AudioDecodeError extends Error {
  override name = 'AudioDecodeError';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
