import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import type { ListResultsResponse } from "@assay/protocol";
import {
  createModel,
  runEvaluation,
  type Tenant,
  tenantOf,
} from "@assay/test-kit/evaluation-fixtures.ts";
import { type FakeModelServer, startFakeModelServer } from "@assay/test-kit/fake-model-server.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { uploadFile } from "@assay/test-kit/upload-file.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The hostile answers of test/sandbox/hostile.test.ts again, this time as a model's answers to a
 * code benchmark run by the service itself: its worker scores each in the sandbox while a prober
 * asks `/health` every 25 ms. Every one must end as a failed sample with its reason (the one
 * that passes while leaving a process behind passes, and the process is gone), no secret of the
 * service (its data directory with the database and master key, its environment) may appear in
 * anything the API answers, a listener on 127.0.0.1 sees no connection, and /health answers
 * every probe.
 */
const SECRET = `assay-secret-${crypto.randomUUID()}`;
const MARKER = `outliving-${crypto.randomUUID()}`;
let service: TestService;
let fake: FakeModelServer;
let tenant: Tenant;
let listener: Server;
let connections = 0;

/** Each row: what the model answers; the tests are `assert solve() == 1` for every row. */
function answers(dataDir: string, port: number): Record<string, string> {
  const fence = (code: string) => `\`\`\`python\n${code.trim()}\n\`\`\``;
  return {
    "read the data directory": fence(`
import os
for root, _, files in os.walk(${JSON.stringify(dataDir)}):
    for name in files:
        print(name, open(os.path.join(root, name), "rb").read()[:4096])
print(open(${JSON.stringify(join(dataDir, "master.key"))}).read())
`),
    "read the service's environment": fence(`
import os
for pid in os.listdir("/proc"):
    if pid.isdigit():
        print(pid, open(f"/proc/{pid}/environ", "rb").read())
print(os.environ)
raise SystemExit(1)
`),
    "write outside the tmpfs": fence(`
open(${JSON.stringify(join(dataDir, "planted"))}, "w").write("x")
def solve():
    return 1
`),
    "dial the host": fence(`
import socket
socket.create_connection(("127.0.0.1", ${port}), timeout=2)
def solve():
    return 1
`),
    "fork bomb": fence(`
import os
while True:
    os.fork()
`),
    "infinite loop": fence(`
while True:
    pass
`),
    "memory hog": fence(`
x = bytearray(4 << 30)
def solve():
    return 1
`),
    "fill the tmpfs": fence(`
with open("/tmp/fill", "wb") as f:
    while True:
        f.write(b"x" * (1 << 20))
`),
    "print gigabytes": fence(`
import sys
while True:
    sys.stdout.write("x" * 65536)
`),
    "sleep past the wall": fence(`
import time
time.sleep(3600)
`),
    "kill its parent": fence(`
import os, signal
os.kill(os.getppid(), signal.SIGKILL)
os.kill(1, signal.SIGKILL)
`),
    "pass, leaving a process behind": fence(`
import subprocess
subprocess.Popen(["/usr/bin/python3", "-c", "import time; time.sleep(60)", "${MARKER}"])
def solve():
    return 1
`),
  };
}

/** How each must be reported: failed, with a reason matching. */
const REASONS: Record<string, RegExp> = {
  "read the data directory": /^the tests failed: (FileNotFoundError|NameError)/,
  "read the service's environment": /^the tests failed/,
  "write outside the tmpfs": /^the tests failed: (FileNotFoundError|OSError|PermissionError)/,
  "dial the host":
    /^the tests failed: (OSError: \[Errno 101\] Network is unreachable|ConnectionRefusedError)/,
  "fork bomb": /^(the tests failed|stopped at its time limit)/,
  "infinite loop": /^stopped at its time limit/,
  "memory hog": /^ran out of memory: MemoryError/,
  "fill the tmpfs":
    /^the tests failed: OSError: \[Errno (28\] No space left on device|27\] File too large)/,
  "print gigabytes": /^printed past its output limit/,
  "sleep past the wall": /^stopped at its time limit/,
  "kill its parent": /^(the tests failed|crashed)/,
};

beforeAll(async () => {
  process.env.ASSAY_HOSTILE_TEST_SECRET = SECRET;
  listener = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  service = await startTestService({
    workers: true,
    env: { ALLOWED_MODEL_HOSTS: "127.0.0.1", ASSAY_CODE_TIME_LIMIT: "2" },
  });
  const dataDir = service.database.dataDir;
  writeFileSync(join(dataDir, "secret.txt"), SECRET);
  const byTask = answers(dataDir, (listener.address() as { port: number }).port);
  fake = await startFakeModelServer({
    behavior: ({ lastUserMessage }) => ({ content: byTask[lastUserMessage] ?? "?" }),
  });
  tenant = await tenantOf(service);
});
afterAll(async () => {
  delete process.env.ASSAY_HOSTILE_TEST_SECRET;
  await service?.close();
  await fake?.close();
  await new Promise((resolve) => listener?.close(resolve));
});

/** Asks /health every 25 ms until stopped; the statuses it got (a network error counts as 0). */
function probeHealth(url: string) {
  const statuses: number[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      statuses.push(
        await fetch(url).then(
          (r) => r.status,
          () => 0,
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    return statuses;
  };
}

describe("hostile answers to a code benchmark, scored by the service", () => {
  it("are each contained and failed with their reason, while /health answers", async () => {
    const tasks = Object.keys(answers("", 0));
    const rows = tasks.map((input) => JSON.stringify({ input, truth: "assert solve() == 1" }));
    await uploadFile(service, tenant, "hostile.jsonl", rows.join("\n"));
    const created = await service.call<{ data: { benchmark_id: string } }>(
      "POST",
      `/organizations/${tenant.org}/projects/${tenant.project}/custom-benchmarks`,
      {
        apiKey: tenant.key,
        json: {
          name: "Hostile",
          description: "",
          file: "hostile.jsonl",
          scoring_metric: "python_tests",
        },
      },
    );
    expect(created.status).toBe(201);

    const stopProbing = probeHealth(`${service.apiUrl}/health`);
    const done = await runEvaluation(service, tenant, {
      model_id: await createModel(service, tenant, fake.url),
      dataset_id: created.body.data.benchmark_id,
    });
    const statuses = await stopProbing();

    const page = await service.call<ListResultsResponse>(
      "GET",
      `/results?evaluation_id=${done.id}&page_size=50`,
      { apiKey: tenant.key },
    );
    const results = Object.fromEntries(page.body.results.map((r) => [r.prompt, r]));
    expect(Object.keys(results).sort()).toEqual([...tasks].sort());
    for (const [task, reason] of Object.entries(REASONS)) {
      expect(results[task]!.passed, task).toBe(false);
      expect(results[task]!.reason, task).toMatch(reason);
    }
    expect(results["pass, leaving a process behind"]!.passed).toBe(true);
    expect(done.accuracy).toBeCloseTo(1 / tasks.length, 10);

    // Contained: nothing of the service leaked into what the API answers, nothing written to
    // its data directory, no connection made, no process left behind.
    expect(page.text).not.toContain(SECRET);
    expect(page.text).not.toContain(
      readFileSync(join(service.database.dataDir, "master.key"), "utf8").trim(),
    );
    expect(readdirSync(service.database.dataDir)).not.toContain("planted");
    expect(connections).toBe(0);
    expect(execFileSync("ps", ["-eo", "args"], { encoding: "utf8" })).not.toContain(MARKER);

    // The service answered throughout.
    expect(statuses.length).toBeGreaterThan(20);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  }, 120_000);
});
