// Adds up Vitest and Playwright JSON reports into CI's one plain closing line: "N passed, N failed".
// A missing or unreadable report counts as one failure: a suite that did not report did not pass.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;

function countPlaywright(suite) {
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests ?? []) {
      const outcome = t.status ?? 'unexpected';
      if (outcome === 'expected' || outcome === 'flaky') passed++;
      else if (outcome === 'skipped') skipped++;
      else failed++;
    }
  }
  for (const child of suite.suites ?? []) countPlaywright(child);
}

for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.log(`missing report: ${file}`);
    failed++;
    continue;
  }
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    if ('numPassedTests' in report) {
      passed += report.numPassedTests;
      failed += report.numFailedTests;
      skipped += report.numPendingTests + (report.numTodoTests ?? 0);
      if (report.numFailedTestSuites > 0 && report.numFailedTests === 0) failed += report.numFailedTestSuites;
    } else {
      for (const suite of report.suites ?? []) countPlaywright(suite);
      failed += (report.errors ?? []).length;
    }
  } catch (error) {
    console.log(`unreadable report ${file}: ${error.message}`);
    failed++;
  }
}

console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
