import type { Env } from '../../env';
import { createEmbeddedEmbeddings } from './embedded-engine';
import type { Embeddings } from './embeddings';
import { createOpenAiEmbeddings } from './openai-embeddings';

export type EmbeddingsEnv = Pick<
  Env,
  'EMBEDDINGS_URL' | 'EMBEDDINGS_MODEL' | 'EMBEDDINGS_API_KEY' | 'EMBEDDINGS_DIMENSIONS' | 'EMBEDDINGS_TIMEOUT_MS'
>;

/** The OpenAI-compatible endpoint when EMBEDDINGS_URL is set, the embedded engine otherwise (decision 059). */
export function createEmbeddings(env: EmbeddingsEnv): Embeddings {
  if (!env.EMBEDDINGS_URL) return createEmbeddedEmbeddings();
  return createOpenAiEmbeddings({
    url: env.EMBEDDINGS_URL,
    apiKey: env.EMBEDDINGS_API_KEY,
    model: env.EMBEDDINGS_MODEL,
    dimensions: env.EMBEDDINGS_DIMENSIONS,
    timeoutMs: env.EMBEDDINGS_TIMEOUT_MS,
  });
}
