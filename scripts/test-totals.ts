// Prints the plain closing line of a test run, "tests: N passed, N failed, N skipped", from the
// reports the runners wrote: Vitest's JSON report and pytest's JUnit XML. Vitest's own summary is
// not a format that CI tooling reads, so scripts/test.sh and .ci/run close on this line instead.
//
//   node scripts/test-totals.ts <report>...   a report file, or a directory of them (*.json, *.xml)
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

interface Totals {
  passed: number;
  failed: number;
  skipped: number;
}

function fromVitestJson(text: string): Totals {
  const report = JSON.parse(text) as Record<string, number>;
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

// pytest writes one <testsuite tests= failures= errors= skipped=> per session.
function fromJunitXml(text: string): Totals {
  const totals = { passed: 0, failed: 0, skipped: 0 };
  for (const [suite] of text.matchAll(/<testsuite\b[^>]*>/g)) {
    const count = (name: string) => Number(new RegExp(`\\b${name}="(\\d+)"`).exec(suite)?.[1] ?? 0);
    const failed = count("failures") + count("errors");
    totals.failed += failed;
    totals.skipped += count("skipped");
    totals.passed += count("tests") - failed - count("skipped");
  }
  return totals;
}

function reportFiles(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .filter((name) => name.endsWith(".json") || name.endsWith(".xml"))
    .map((name) => join(path, name));
}

const sum: Totals = { passed: 0, failed: 0, skipped: 0 };
for (const file of process.argv.slice(2).flatMap(reportFiles)) {
  const text = readFileSync(file, "utf8");
  const totals = file.endsWith(".json") ? fromVitestJson(text) : fromJunitXml(text);
  sum.passed += totals.passed;
  sum.failed += totals.failed;
  sum.skipped += totals.skipped;
}
console.log(`tests: ${sum.passed} passed, ${sum.failed} failed, ${sum.skipped} skipped`);
