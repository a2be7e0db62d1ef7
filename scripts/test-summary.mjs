// Reads Vitest JSON reports and prints one "<suite>: N passed, N failed" line per suite, so CI
// logs show at a glance which suite broke. Usage: node scripts/test-summary.mjs label=file ...
import { existsSync, readFileSync } from 'node:fs';

const suiteOf = (file) => (file.includes('/e2e/') ? 'browser' : file.includes('apps/server/') ? 'api' : 'unit');

let failedAny = false;
const total = { passed: 0, failed: 0 };
/** Each failed test with the start of its message, printed last so a log's tail names them. */
const failures = [];
const firstLines = (message = '') => message.split('\n').slice(0, 6).join('\n    ');
for (const argument of process.argv.slice(2)) {
  const [label, file] = argument.split('=');
  if (!existsSync(file)) {
    console.info(`${label}: no report (the run did not finish)`);
    failedAny = true;
    total.failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const counts = new Map();
  for (const result of report.testResults ?? []) {
    const suite = label.includes('*') ? label.replace('*', suiteOf(result.name)) : label;
    const entry = counts.get(suite) ?? { passed: 0, failed: 0, skipped: 0 };
    for (const test of result.assertionResults ?? []) {
      if (test.status === 'passed') entry.passed += 1;
      else if (test.status === 'failed') {
        entry.failed += 1;
        failures.push(
          `${suite} | ${result.name.replace(process.cwd() + '/', '')} | ${test.fullName}\n    ${firstLines(test.failureMessages?.[0])}`,
        );
      } else entry.skipped += 1;
    }
    // A file that failed to load has no assertions but must still count as a failure.
    if ((result.assertionResults ?? []).length === 0 && result.status === 'failed') {
      entry.failed += 1;
      failures.push(`${suite} | ${result.name.replace(process.cwd() + '/', '')} (did not load)\n    ${firstLines(result.message)}`);
    }
    counts.set(suite, entry);
  }
  for (const [suite, { passed, failed, skipped }] of counts) {
    if (failed > 0) failedAny = true;
    total.passed += passed;
    total.failed += failed;
    console.info(`${suite}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  }
}
if (failures.length > 0) {
  console.info('\nfailed:');
  for (const failure of failures) console.info(`  ${failure}`);
}
// The plain closing line CI tools read.
console.info(`${total.passed} passed, ${total.failed} failed`);
process.exit(failedAny ? 1 : 0);
