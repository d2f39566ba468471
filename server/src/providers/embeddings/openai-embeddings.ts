import { z } from 'zod';
import { EmbeddingsUnavailableError, type Embeddings } from './embeddings';

/**
 * An OpenAI-compatible `/v1/embeddings` endpoint (decision 059): OpenAI itself, or a self-hosted
 * Ollama, text-embeddings-inference, vLLM or LocalAI with a multilingual model. Every failure — refused
 * connection, timeout, an HTTP error, a body that is not the expected vectors — becomes an
 * EmbeddingsUnavailableError with a message that says which, and never leaks the key.
 */

export type OpenAiEmbeddingsOptions = {
  /** base URL, e.g. https://api.openai.com or http://127.0.0.1:11434 (the /v1/embeddings path is added) */
  url: string;
  apiKey?: string;
  model: string;
  /** the vector size to ask for and to expect (when unset, the first answer fixes it) */
  dimensions?: number;
  timeoutMs: number;
  /** texts per request */
  batchSize?: number;
  fetch?: typeof fetch;
};

const responseSchema = z.object({
  data: z
    .array(z.object({ embedding: z.array(z.number().finite()), index: z.number().int().min(0).optional() }))
    .min(1),
});

export function createOpenAiEmbeddings(opts: OpenAiEmbeddingsOptions): Embeddings {
  const endpoint = `${opts.url.replace(/\/+$/, '').replace(/\/v1$/, '')}/v1/embeddings`;
  const batchSize = Math.max(1, opts.batchSize ?? 64);
  const doFetch = opts.fetch ?? fetch;
  let expected = opts.dimensions;
  const where = new URL(endpoint).host;

  async function batch(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const timeout = AbortSignal.timeout(opts.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let response: Response;
    let body: unknown;
    try {
      response = await doFetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: opts.model,
          input: texts,
          encoding_format: 'float',
          ...(opts.dimensions ? { dimensions: opts.dimensions } : {}),
        }),
        signal: combined,
      });
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        throw new EmbeddingsUnavailableError(`the embeddings endpoint ${where} answered HTTP ${response.status}`);
      }
      const text = await response.text();
      try {
        body = JSON.parse(text);
      } catch {
        throw new EmbeddingsUnavailableError(`the embeddings endpoint ${where} answered something that is not JSON`);
      }
    } catch (error) {
      if (error instanceof EmbeddingsUnavailableError) throw error;
      if (signal?.aborted) throw error;
      if (timeout.aborted) {
        throw new EmbeddingsUnavailableError(
          `the embeddings endpoint ${where} did not answer within ${opts.timeoutMs} ms`,
          { cause: error },
        );
      }
      throw new EmbeddingsUnavailableError(`the embeddings endpoint ${where} is unreachable`, { cause: error });
    }
    const parsed = responseSchema.safeParse(body);
    if (!parsed.success) {
      throw new EmbeddingsUnavailableError(`the embeddings endpoint ${where} answered JSON without embeddings`);
    }
    const items = parsed.data.data;
    if (items.length !== texts.length) {
      throw new EmbeddingsUnavailableError(
        `the embeddings endpoint ${where} answered ${items.length} vectors for ${texts.length} texts`,
      );
    }
    const ordered = items.every((d) => d.index !== undefined) ? [...items].sort((a, b) => a.index! - b.index!) : items;
    return ordered.map((d) => {
      const size = d.embedding.length;
      expected ??= size;
      if (size !== expected || size === 0) {
        throw new EmbeddingsUnavailableError(
          `the embeddings endpoint ${where} answered vectors of ${size} values, expected ${expected}`,
        );
      }
      return Float32Array.from(d.embedding);
    });
  }

  return {
    model: `openai:${opts.model}${opts.dimensions ? `:${opts.dimensions}` : ''}`,
    async embed(texts, { signal }) {
      const out: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += batchSize) {
        // an empty text is refused by some servers: send one space instead
        const slice = texts.slice(i, i + batchSize).map((t) => (typeof t === 'string' && t.trim() ? t : ' '));
        out.push(...(await batch(slice, signal)));
      }
      return out;
    },
  };
}
