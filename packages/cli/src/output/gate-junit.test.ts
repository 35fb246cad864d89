import type { GateReport } from "@assay/client";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { gateErrorJunit, gateJunit, xmlText } from "./gate-junit.ts";

const report = (
  verdict: "pass" | "fail" | "inconclusive",
  failOnInconclusive = false,
): GateReport => ({
  verdict,
  passed: verdict === "pass" || (verdict === "inconclusive" && !failOnInconclusive),
  confidence: 0.95,
  fail_on_inconclusive: failOnInconclusive,
  evaluation: {
    id: "e1",
    model: 'acme/<m> & "q"',
    benchmark: "b",
    status: "success",
    accuracy: 0.5,
    interval: { low: 0.4, high: 0.6 },
    prompts: 100,
  },
  checks: [
    {
      kind: "min_accuracy",
      verdict,
      threshold: 0.7,
      accuracy: 0.5,
      interval: { low: 0.4, high: 0.6 },
      reason: "accuracy <50%> & \u0007bell",
    },
  ],
  summary: "…",
});

const parse = (xml: string) =>
  new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" }).parse(xml);

describe("gate JUnit", () => {
  it("escapes markup and drops characters XML cannot carry", () => {
    expect(xmlText(`<a b="c">&'\u0000\u001b ok`)).toBe("&lt;a b=&quot;c&quot;&gt;&amp;&apos; ok");
  });

  it("is valid XML whatever the names say; a failure is a <failure>", () => {
    const xml = gateJunit(report("fail"), new Date("2026-01-02T03:04:05.678Z"));
    expect(XMLValidator.validate(xml)).toBe(true);
    const suite = parse(xml).testsuites.testsuite;
    expect(suite).toMatchObject({
      name: 'acme/<m> & "q" on b',
      failures: "1",
      timestamp: "2026-01-02T03:04:05",
    });
    expect(suite.testcase.failure).toMatchObject({
      type: "fail",
      message: "accuracy <50%> & bell",
    });
  });

  it("an inconclusive check fails only under --fail-on-inconclusive", () => {
    const lenient = parse(gateJunit(report("inconclusive"), new Date())).testsuites;
    expect(lenient).toMatchObject({ failures: "0" });
    expect(lenient.testsuite.testcase["system-out"]).toMatch(/^inconclusive: /);
    const strict = parse(gateJunit(report("inconclusive", true), new Date())).testsuites;
    expect(strict).toMatchObject({ failures: "1" });
    expect(strict.testsuite.testcase.failure.type).toBe("inconclusive");
  });

  it("a gate that could not decide is one <error>", () => {
    const xml = gateErrorJunit("no baseline <x>", new Date());
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = parse(xml).testsuites;
    expect(parsed).toMatchObject({ tests: "1", errors: "1", failures: "0" });
    expect(parsed.testsuite.testcase.error.message).toBe("no baseline <x>");
  });
});
