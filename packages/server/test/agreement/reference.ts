import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

/** The repository's agreement/ folder: references, their fixtures and their virtualenv. */
export const AGREEMENT_DIR = resolve(import.meta.dirname, "../../../../agreement");

/** One case of an agreement fixture: the response and what its scorer needs besides it. */
export type AgreementCase = Record<string, unknown> & { response: string };

/** The cases of `agreement/fixtures/<name>.jsonl`, in file order. */
export function readAgreementFixture<Case extends AgreementCase = AgreementCase>(
  name: string,
): Case[] {
  return readFileSync(join(AGREEMENT_DIR, "fixtures", `${name}.jsonl`), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Case);
}

/** The reference virtualenv's interpreter, made by agreement/setup.sh (scripts/test.sh runs it). */
function referencePython(): string {
  for (const dir of readdirSafe()) {
    const python = join(AGREEMENT_DIR, dir, "bin", "python");
    if (dir.startsWith(".venv-") && existsSync(python)) return python;
  }
  throw new Error("the reference implementations are not installed: run agreement/setup.sh");
}

function readdirSafe(): string[] {
  return existsSync(AGREEMENT_DIR) ? readdirSync(AGREEMENT_DIR) : [];
}

/**
 * Each case's verdict by the reference `name` (agreement/references/<name>.py), in case order.
 * Rejects with the reference's stderr when it fails, so a broken reference fails the test loudly.
 */
export function referenceVerdicts<Verdict extends { passed: boolean }>(
  name: string,
  cases: readonly AgreementCase[],
): Promise<Verdict[]> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(referencePython(), ["score.py", name], { cwd: AGREEMENT_DIR });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) {
        reject(new Error(`reference ${name} exited with ${code}:\n${stderr}`));
        return;
      }
      const verdicts = stdout
        .split("\n")
        .filter((line) => line.trim() !== "")
        .map((line) => JSON.parse(line) as Verdict);
      if (verdicts.length !== cases.length) {
        reject(new Error(`reference ${name} answered ${verdicts.length} of ${cases.length} cases`));
        return;
      }
      resolvePromise(verdicts);
    });
    child.stdin.end(cases.map((c) => JSON.stringify(c)).join("\n"));
  });
}
