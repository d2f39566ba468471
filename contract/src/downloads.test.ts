import { describe, expect, it } from 'vitest';
import { productDownloadQuerySchema } from './downloads';

describe('productDownloadQuerySchema', () => {
  it('parses comma-separated files and formats, dropping repeats', () => {
    expect(productDownloadQuerySchema.parse({ files: 'vocal,stem_bass,vocal', format: 'wav,mp3' })).toEqual({
      files: ['vocal', 'stem_bass'],
      format: ['wav', 'mp3'],
    });
  });

  it('leaves both optional so the server applies the defaults', () => {
    expect(productDownloadQuerySchema.parse({})).toEqual({});
  });

  it('rejects an unsupported format or file, naming it', () => {
    const format = productDownloadQuerySchema.safeParse({ format: 'ogg' });
    expect(format.success).toBe(false);
    expect(JSON.stringify(format.error?.issues)).toContain('unsupported format \\"ogg\\"');
    expect(productDownloadQuerySchema.safeParse({ files: 'cover' }).success).toBe(false);
    expect(productDownloadQuerySchema.safeParse({ files: 'vocal,' }).success).toBe(false);
  });
});
