/**
 * Text embeddings for AI search (issue 13, decision 059): the embedded concept-space engine by default,
 * an OpenAI-compatible `/v1/embeddings` endpoint when EMBEDDINGS_URL is set.
 */
export type Embeddings = {
  /**
   * Names the vector space: stored product vectors are keyed by it, so it changes whenever the vectors
   * would ('embedded-<hash of vocabulary and method>', or 'openai:<model>[:<dimensions>]').
   */
  readonly model: string;
  /** One vector per text, in order; throws EmbeddingsUnavailableError when the provider cannot answer. */
  embed(texts: string[], opts: { kind: 'query' | 'document'; signal?: AbortSignal }): Promise<Float32Array[]>;
  /** The concepts (words) that contribute most to the similarity of a query and a document, best first. */
  explain?(query: Float32Array, doc: Float32Array, k: number): string[];
};

/** The embeddings provider is down, too slow, or answered something that is not the expected vectors. */
export class EmbeddingsUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EmbeddingsUnavailableError';
  }
}
