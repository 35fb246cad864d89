import type { GateCheck, GateReport } from "@assay/client";

/**
 * A gate's report as JUnit XML, the format CI systems (GitHub Actions reporters, GitLab, Jenkins)
 * read: one test suite, one test case per check. A failing check is a `<failure>`; an
 * inconclusive one is a `<failure>` under --fail-on-inconclusive and otherwise passes with its
 * reason in `<system-out>`. A gate that could not decide (exit code 2) is one `<error>` case.
 */

/** Escapes text for an XML attribute or element; drops characters XML 1.0 cannot carry. */
export function xmlText(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

const attrs = (values: Record<string, string | number>) =>
  Object.entries(values)
    .map(([name, value]) => ` ${name}="${xmlText(String(value))}"`)
    .join("");

function caseName(check: GateCheck): string {
  return check.kind === "baseline"
    ? `not worse than baseline ${check.baseline_id} by more than ${check.margin}`
    : `accuracy at least ${check.threshold}`;
}

function testCase(check: GateCheck, report: GateReport): string {
  const open = `    <testcase${attrs({ classname: "assay.gate", name: caseName(check) })}>`;
  const failing =
    check.verdict === "fail" || (check.verdict === "inconclusive" && report.fail_on_inconclusive);
  const body = failing
    ? `      <failure${attrs({ type: check.verdict, message: check.reason })}>${xmlText(check.reason)}</failure>`
    : `      <system-out>${xmlText(`${check.verdict}: ${check.reason}`)}</system-out>`;
  return `${open}\n${body}\n    </testcase>`;
}

function document(suite: Record<string, string | number>, properties: string, cases: string[]) {
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<testsuites${attrs({ name: "assay gate", tests: suite.tests ?? 0, failures: suite.failures ?? 0, errors: suite.errors ?? 0 })}>`,
    `  <testsuite${attrs(suite)}>`,
    properties,
    ...cases,
    `  </testsuite>`,
    `</testsuites>`,
    "",
  ]
    .filter((line) => line !== "")
    .join("\n")
    .concat("\n");
}

export function gateJunit(report: GateReport, timestamp: Date): string {
  const { evaluation } = report;
  const failures = report.checks.filter(
    (c) => c.verdict === "fail" || (c.verdict === "inconclusive" && report.fail_on_inconclusive),
  ).length;
  const properties = [
    "    <properties>",
    ...Object.entries({
      evaluation_id: evaluation.id,
      model: evaluation.model,
      benchmark: evaluation.benchmark,
      accuracy: evaluation.accuracy,
      accuracy_ci95_low: evaluation.interval.low,
      accuracy_ci95_high: evaluation.interval.high,
      confidence: report.confidence,
      verdict: report.verdict,
    }).map(([name, value]) => `      <property${attrs({ name, value })}/>`),
    "    </properties>",
  ].join("\n");
  return document(
    {
      name: `${evaluation.model} on ${evaluation.benchmark}`,
      tests: report.checks.length,
      failures,
      errors: 0,
      skipped: 0,
      timestamp: timestamp.toISOString().replace(/\.\d{3}Z$/, ""),
    },
    properties,
    report.checks.map((check) => testCase(check, report)),
  );
}

/** The report of a gate that could not decide: one case in error, with the reason. */
export function gateErrorJunit(message: string, timestamp: Date): string {
  const error = `      <error${attrs({ type: "error", message })}>${xmlText(message)}</error>`;
  return document(
    {
      name: "assay gate",
      tests: 1,
      failures: 0,
      errors: 1,
      skipped: 0,
      timestamp: timestamp.toISOString().replace(/\.\d{3}Z$/, ""),
    },
    "",
    [
      `    <testcase${attrs({ classname: "assay.gate", name: "gate" })}>\n${error}\n    </testcase>`,
    ],
  );
}
