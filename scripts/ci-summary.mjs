// Adds up Vitest and Playwright JSON reports into CI's one plain closing line: "N passed, N failed".
// A missing or unreadable report counts as one failure: a suite that did not report did not pass.
// Failed tests are named (with the first lines of their error) just above that line, because the end
// of the log is often all that is kept of a CI run. So are the tests that failed once and passed on
// CI's one retry: they count as passed, but a flaky test is a defect to mend, not to forget.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { pathToFileURL } from 'node:url';

const firstLines = (text, n = 4) =>
  String(text ?? '')
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .filter((line) => line.trim() && !/^\s*at /.test(line))
    .slice(0, n)
    .map((line) => `      ${line.trim().slice(0, 200)}`)
    .join('\n');

/** The counts, failures and retried tests of the given report files. */
export function summarise(files) {
  const total = { passed: 0, failed: 0, skipped: 0, failures: [], flaky: [], problems: [] };

  const countPlaywright = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const outcome = t.status ?? 'unexpected';
        const name = `${file}: [${t.projectName}] ${spec.file}:${spec.line} › ${spec.title}`;
        if (outcome === 'expected') total.passed++;
        else if (outcome === 'flaky') {
          total.passed++;
          total.flaky.push(`${name}\n${firstLines(t.results?.find((r) => r.error)?.error?.message)}`);
        } else if (outcome === 'skipped') total.skipped++;
        else {
          total.failed++;
          total.failures.push(`${name}\n${firstLines(t.results?.at(-1)?.error?.message)}`);
        }
      }
    }
    for (const child of suite.suites ?? []) countPlaywright(child, file);
  };

  const countVitest = (report, file) => {
    total.passed += report.numPassedTests;
    total.failed += report.numFailedTests;
    total.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    if (report.numFailedTestSuites > 0 && report.numFailedTests === 0) total.failed += report.numFailedTestSuites;
    for (const result of report.testResults ?? []) {
      const path = relative(process.cwd(), result.name);
      const tests = result.assertionResults ?? [];
      for (const t of tests) {
        const name = `${file}: ${path} › ${t.fullName ?? t.title}`;
        const errors = firstLines(t.failureMessages?.join('\n'));
        if (t.status === 'failed') total.failures.push(`${name}\n${errors}`);
        // Vitest keeps the errors of a retried attempt on a test that then passed.
        else if (t.status === 'passed' && t.failureMessages?.length) total.flaky.push(`${name}\n${errors}`);
      }
      if (result.status === 'failed' && !tests.some((t) => t.status === 'failed')) {
        total.failures.push(`${file}: ${path} (the file itself failed)\n${firstLines(result.message)}`);
      }
    }
  };

  for (const file of files) {
    if (!existsSync(file)) {
      total.problems.push(`missing report: ${file}`);
      total.failed++;
      continue;
    }
    try {
      const report = JSON.parse(readFileSync(file, 'utf8'));
      if ('numPassedTests' in report) countVitest(report, file);
      else {
        for (const suite of report.suites ?? []) countPlaywright(suite, file);
        for (const error of report.errors ?? []) {
          total.failed++;
          total.failures.push(`${file}: an error outside the tests\n${firstLines(error.message)}`);
        }
      }
    } catch (error) {
      total.problems.push(`unreadable report ${file}: ${error.message}`);
      total.failed++;
    }
  }
  return total;
}

/** What CI prints: problems, retried tests, failures, then the one closing line. */
export function format(total) {
  const list = (items) => items.map((item) => `  - ${item}`).join('\n');
  const lines = [...total.problems];
  if (total.flaky.length) lines.push(`passed only on retry (flaky):\n${list(total.flaky)}\n`);
  if (total.failures.length) lines.push(`failed:\n${list(total.failures)}\n`);
  lines.push(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const total = summarise(process.argv.slice(2));
  console.log(format(total));
  process.exit(total.failed > 0 ? 1 : 0);
}
