import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isIssuedPermit, permitLoopbackForTests } from './test-permit';

const serverSrc = join(import.meta.dirname, '..', '..');

describe('the loopback test permit', () => {
  it('is recognised only when this module issued it', () => {
    expect(isIssuedPermit(permitLoopbackForTests())).toBe(true);
    expect(isIssuedPermit({ purpose: 'tests' })).toBe(false);
    expect(isIssuedPermit(JSON.parse(JSON.stringify(permitLoopbackForTests())))).toBe(false);
    expect(isIssuedPermit(undefined)).toBe(false);
    expect(isIssuedPermit('tests')).toBe(false);
  });

  // safe-fetch itself checks permits; everything else in server/src that runs in production must not
  // even import the module that makes them.
  it('is imported by no production file under server/src outside safe-fetch', async () => {
    const files = (await readdir(serverSrc, { recursive: true })).filter(
      (f) =>
        f.endsWith('.ts') &&
        !f.endsWith('.test.ts') &&
        !f.includes('testing-') &&
        !f.startsWith(join('lib', 'safe-fetch')),
    );
    const offenders: string[] = [];
    for (const f of files) {
      if (/from ['"][^'"]*test-permit['"]/.test(await readFile(join(serverSrc, f), 'utf8')))
        offenders.push(relative(serverSrc, join(serverSrc, f)));
    }
    expect(files.length).toBeGreaterThan(50); // the scan saw the tree
    expect(offenders).toEqual([]);
  });
});
