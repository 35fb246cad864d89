import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import {
  generateSigningSecret,
  signatureHeader,
  verifySignature,
} from "../../src/resources/integrations/signature.ts";

const execFileAsync = promisify(execFile);
const DOC = readFileSync(new URL("../../../../docs/integrations.md", import.meta.url), "utf8");

/** The first fenced block of a language in docs/integrations.md, exactly as printed. */
function snippet(language: string): string {
  const fence = "`".repeat(3);
  const match = DOC.match(new RegExp(`${fence}${language}\\n([\\s\\S]*?)${fence}`));
  if (!match) throw new Error(`docs/integrations.md has no ${language} block`);
  return match[1] as string;
}

const secret = generateSigningSecret();
const body = JSON.stringify({
  id: "evt",
  type: "evaluation.finished",
  data: { accuracy: 0.5, note: "é ✓" },
});
const now = Math.floor(Date.now() / 1000);
const header = signatureHeader(secret, body, now);

/** Cases every verifier must agree on: the genuine request, and four forgeries. */
const CASES: [string, string, string, string, boolean][] = [
  ["genuine", secret, body, header, true],
  ["body changed", secret, body.replace("0.5", "0.9"), header, false],
  ["other secret", generateSigningSecret(), body, header, false],
  ["too old", secret, body, signatureHeader(secret, body, now - 3600), false],
  ["no signature", secret, body, `t=${now}`, false],
];

describe("signatures", () => {
  it("are Stripe-style: t=<unix>,v1=<hex HMAC-SHA256 of t.body>", () => {
    expect(header).toMatch(new RegExp(`^t=${now},v1=[0-9a-f]{64}$`));
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
  });

  it.each(CASES)("the service's verifier: %s", (_name, s, b, h, expected) => {
    expect(verifySignature(s, b, h, now)).toBe(expected);
  });

  it("the documented Node code verifies them", async () => {
    const dir = mkdtempSync(join(tmpdir(), "assay-verify-"));
    const file = join(dir, "verify.mjs");
    writeFileSync(file, snippet("js"));
    const { verifyAssaySignature } = (await import(pathToFileURL(file).href)) as {
      verifyAssaySignature(secret: string, body: string, header: string): boolean;
    };
    for (const [name, s, b, h, expected] of CASES)
      expect(verifyAssaySignature(s, b, h), name).toBe(expected);
  });

  it("the documented Python code verifies them", async () => {
    const program = `${snippet("python")}
import json, sys
cases = json.load(sys.stdin)
print(json.dumps([verify_assay_signature(s, b.encode(), h) for s, b, h in cases]))
`;
    const child = execFileAsync("python3", ["-c", program]);
    child.child.stdin?.end(JSON.stringify(CASES.map(([, s, b, h]) => [s, b, h])));
    const { stdout } = await child;
    expect(JSON.parse(stdout)).toEqual(CASES.map((c) => c[4]));
  });
});
