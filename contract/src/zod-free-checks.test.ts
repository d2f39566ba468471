import { describe, expect, it } from 'vitest';
import { emailSchema, normaliseEmail } from './account';
import { archiveProgressSchema, isArchiveProgress } from './archives';
import { currencySchema, isCurrency } from './pricing';

// The checks the browser runs without Zod (decision 046) must say what the schemas say.
describe('checks without the schemas agree with the schemas', () => {
  it('email addresses', () => {
    const samples = [
      'name@example.com',
      '  Name@Example.COM ',
      'first.last+tag@sub.example.co.uk',
      "o'brien@example.ie",
      'no-at-sign.example.com',
      'two@@example.com',
      '.dot@example.com',
      'a..b@example.com',
      'name@example',
      'name@-example.com',
      `${'a'.repeat(250)}@example.com`,
      '',
    ];
    for (const sample of samples) {
      const parsed = emailSchema.safeParse(sample);
      expect(normaliseEmail(sample), sample).toBe(parsed.success ? parsed.data : null);
    }
  });

  it('archive progress events', () => {
    const samples: unknown[] = [
      { filesProcessed: 0, totalFiles: 3, status: 'queued' },
      { filesProcessed: 3, totalFiles: 3, status: 'done' },
      { filesProcessed: 1.5, totalFiles: 3, status: 'running' },
      { filesProcessed: -1, totalFiles: 3, status: 'running' },
      { filesProcessed: 1, totalFiles: 3, status: 'paused' },
      { filesProcessed: '1', totalFiles: 3, status: 'running' },
      { totalFiles: 3, status: 'running' },
      null,
      'done',
      [],
    ];
    for (const sample of samples) {
      expect(isArchiveProgress(sample), JSON.stringify(sample)).toBe(archiveProgressSchema.safeParse(sample).success);
    }
  });

  it('currencies', () => {
    for (const sample of ['usd', 'eur', 'pln', 'czk', 'gbp', 'USD', 'chf', '', 5, null]) {
      expect(isCurrency(sample), String(sample)).toBe(currencySchema.safeParse(sample).success);
    }
  });
});
