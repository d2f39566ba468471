import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { format, summarise } from './ci-summary.mjs';

const dir = mkdtempSync(join(tmpdir(), 'ci-summary-'));
const report = (name, content) => {
  const file = join(dir, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
};

const vitest = report('unit.json', {
  numPassedTests: 3,
  numFailedTests: 1,
  numPendingTests: 2,
  numFailedTestSuites: 1,
  testResults: [
    {
      name: join(process.cwd(), 'server/a.test.ts'),
      status: 'failed',
      assertionResults: [
        { fullName: 'a passes', status: 'passed', failureMessages: [] },
        { fullName: 'a passes on retry', status: 'passed', failureMessages: ['Error: stalled\n    at x.ts:1'] },
        { fullName: 'a fails', status: 'failed', failureMessages: ['\u001b[31mAssertionError: 1 !== 2\u001b[39m'] },
      ],
    },
    { name: join(process.cwd(), 'server/b.test.ts'), status: 'failed', message: 'SyntaxError', assertionResults: [] },
  ],
});

const spec = (title, tests) => ({ file: 'a.spec.ts', line: 7, title, tests });
const playwright = report('e2e.json', {
  suites: [
    {
      specs: [spec('steady', [{ projectName: 'desktop', status: 'expected', results: [{}] }])],
      suites: [
        {
          specs: [
            spec('wobbly', [
              { projectName: 'desktop', status: 'flaky', results: [{ error: { message: 'Timed out' } }, {}] },
            ]),
            spec('broken', [
              { projectName: 'mobile', status: 'unexpected', results: [{ error: { message: 'boom' } }] },
            ]),
            spec('later', [{ projectName: 'mobile', status: 'skipped', results: [] }]),
          ],
        },
      ],
    },
  ],
  errors: [{ message: 'web server exited' }],
});

describe('CI summary', () => {
  it('adds up Vitest and Playwright reports, retried tests counting as passed', () => {
    const total = summarise([vitest, playwright]);
    expect([total.passed, total.failed, total.skipped]).toEqual([5, 3, 3]);
    expect(format(total).split('\n').at(-1)).toBe('5 passed, 3 failed, 3 skipped');
  });

  it('names every failure and every test that needed its retry, with the error and no stack frames', () => {
    const text = format(summarise([vitest, playwright]));
    expect(text).toContain('server/a.test.ts › a fails\n      AssertionError: 1 !== 2');
    expect(text).toContain('[mobile] a.spec.ts:7 › broken\n      boom');
    expect(text).toContain('an error outside the tests\n      web server exited');
    expect(text).toContain('server/b.test.ts (the file itself failed)');
    const flaky = text.slice(text.indexOf('passed only on retry'), text.indexOf('failed:\n'));
    expect(flaky).toContain('a passes on retry\n      Error: stalled');
    expect(flaky).toContain('[desktop] a.spec.ts:7 › wobbly\n      Timed out');
    expect(text).not.toContain('at x.ts');
    expect(text).not.toContain('steady');
  });

  it('counts a missing or unreadable report as a failure', () => {
    const total = summarise([join(dir, 'absent.json'), report('torn.json', '{"numPassed')]);
    expect(total.failed).toBe(2);
    expect(format(total)).toMatch(/^missing report: .*absent\.json\nunreadable report .*torn\.json/);
  });

  it('prints only the closing line when everything passed', () => {
    const clean = report('clean.json', { numPassedTests: 4, numFailedTests: 0, numPendingTests: 0, testResults: [] });
    expect(format(summarise([clean]))).toBe('4 passed, 0 failed');
  });
});
