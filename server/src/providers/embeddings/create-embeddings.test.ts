import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../env';
import { createEmbeddings } from './create-embeddings';

describe('createEmbeddings', () => {
  it('uses the embedded engine by default and the OpenAI-compatible endpoint when EMBEDDINGS_URL is set', () => {
    expect(createEmbeddings(parseEnv({})).model).toMatch(/^embedded-/);
    const env = parseEnv({ EMBEDDINGS_URL: 'http://127.0.0.1:11434', EMBEDDINGS_MODEL: 'nomic-embed-text' });
    expect(env.EMBEDDINGS_TIMEOUT_MS).toBe(5000);
    expect(createEmbeddings(env).model).toBe('openai:nomic-embed-text');
    expect(
      createEmbeddings(parseEnv({ EMBEDDINGS_URL: 'https://api.openai.com', EMBEDDINGS_DIMENSIONS: '256' })).model,
    ).toBe('openai:text-embedding-3-small:256');
  });

  it('refuses bad settings with a readable message', () => {
    expect(() => parseEnv({ EMBEDDINGS_URL: 'ftp://x' })).toThrow(/EMBEDDINGS_URL/);
    expect(() => parseEnv({ EMBEDDINGS_TIMEOUT_MS: '5' })).toThrow(/EMBEDDINGS_TIMEOUT_MS/);
    expect(() => parseEnv({ EMBEDDINGS_API_KEY: 'a b' })).toThrow(/EMBEDDINGS_API_KEY/);
    expect(parseEnv({ EMBEDDINGS_URL: '' }).EMBEDDINGS_URL).toBeUndefined();
  });
});
