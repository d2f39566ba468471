// Adds up Vitest and Playwright JSON reports into CI's one plain closing line: "N passed, N failed".
// A missing or unreadable report counts as one failure: a suite that did not report did not pass.
// Failed tests are named (with the first lines of their error) just above that line, because the end
// of the log is often all that is kept of a CI run. So are the tests that failed once and passed on
// CI's one retry: they count as passed, but a flaky test is a defect to mend, not to forget.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
const flaky = [];

const firstLines = (text, n = 4) =>
  String(text ?? '')
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .filter((line) => line.trim() && !/^\s*at /.test(line))
    .slice(0, n)
    .map((line) => `      ${line.trim().slice(0, 200)}`)
    .join('\n');

function countPlaywright(suite, file) {
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests ?? []) {
      const outcome = t.status ?? 'unexpected';
      if (outcome === 'expected' || outcome === 'flaky') passed++;
      if (outcome === 'flaky') {
        const error = t.results?.find((r) => r.error)?.error?.message;
        flaky.push(`${file}: [${t.projectName}] ${spec.file}:${spec.line} › ${spec.title}\n${firstLines(error)}`);
      } else if (outcome === 'skipped') skipped++;
      else {
        failed++;
        const error = t.results?.at(-1)?.error?.message;
        failures.push(`${file}: [${t.projectName}] ${spec.file}:${spec.line} › ${spec.title}\n${firstLines(error)}`);
      }
    }
  }
  for (const child of suite.suites ?? []) countPlaywright(child, file);
}

function countVitest(report, file) {
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  if (report.numFailedTestSuites > 0 && report.numFailedTests === 0) failed += report.numFailedTestSuites;
  for (const result of report.testResults ?? []) {
    const path = relative(process.cwd(), result.name);
    const failedTests = (result.assertionResults ?? []).filter((t) => t.status === 'failed');
    // Vitest keeps the errors of a retried attempt on a test that then passed.
    for (const t of result.assertionResults ?? []) {
      if (t.status === 'passed' && t.failureMessages?.length) {
        flaky.push(`${file}: ${path} › ${t.fullName ?? t.title}\n${firstLines(t.failureMessages.join('\n'))}`);
      }
    }
    for (const t of failedTests) {
      failures.push(`${file}: ${path} › ${t.fullName ?? t.title}\n${firstLines(t.failureMessages?.join('\n'))}`);
    }
    if (result.status === 'failed' && failedTests.length === 0) {
      failures.push(`${file}: ${path} (the file itself failed)\n${firstLines(result.message)}`);
    }
  }
}

for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.log(`missing report: ${file}`);
    failed++;
    continue;
  }
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    if ('numPassedTests' in report) countVitest(report, file);
    else {
      for (const suite of report.suites ?? []) countPlaywright(suite, file);
      for (const error of report.errors ?? []) {
        failed++;
        failures.push(`${file}: an error outside the tests\n${firstLines(error.message)}`);
      }
    }
  } catch (error) {
    console.log(`unreadable report ${file}: ${error.message}`);
    failed++;
  }
}

if (flaky.length) console.log(`passed only on retry (flaky):\n${flaky.map((f) => `  - ${f}`).join('\n')}\n`);
if (failures.length) console.log(`failed:\n${failures.map((f) => `  - ${f}`).join('\n')}\n`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
