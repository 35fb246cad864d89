import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSandbox, type Sandbox } from "../../src/engine/sandbox/sandbox.ts";

/**
 * Hostile "model answers" run in the code sandbox as an attacker would write them: each must be
 * contained and end as a failed execution with its reason, and leave nothing behind. The
 * secrets are real files and variables of this process; the listener is a real socket.
 */
const SECRET = `assay-secret-${crypto.randomUUID()}`;
let sandbox: Sandbox;
let dataDir: string;
let listener: Server;
let port = 0;
let connections = 0;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "assay-hostile-"));
  writeFileSync(join(dataDir, "assay.db"), `SQLite format 3\0${SECRET}`);
  writeFileSync(join(dataDir, "master.key"), SECRET);
  process.env.ASSAY_MASTER_KEY_FOR_TEST = SECRET;
  listener = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  port = (listener.address() as { port: number }).port;
  sandbox = await openSandbox({ concurrency: 2, limits: { wallMs: 5000, cpuSeconds: 2 } });
});

afterAll(async () => {
  delete process.env.ASSAY_MASTER_KEY_FOR_TEST;
  await new Promise((resolve) => listener?.close(resolve));
});

const run = (program: string, limits = {}) => sandbox.run(program, limits);

describe("the code sandbox against hostile answers", () => {
  it("runs an honest program, and fails a broken one with its assertion", async () => {
    expect(await run("assert sum([1, 2]) == 3\nprint('ok')")).toMatchObject({
      exit: "passed",
      stdout: "ok\n",
    });
    const broken = await run("def add(a, b):\n    return a - b\nassert add(1, 2) == 3, 'add'");
    expect(broken.exit).toBe("failed");
    expect(broken.stderr).toMatch(/AssertionError: add/);
  });

  it("sees neither the data directory, the database, the master key nor the environment", async () => {
    const probe = await run(`
import os, sys
found = []
for path in [${JSON.stringify(join(dataDir, "assay.db"))}, ${JSON.stringify(join(dataDir, "master.key"))}, ${JSON.stringify(process.cwd())}, "/etc/passwd", "/root"]:
    found.append((path, os.path.exists(path)))
for pid in os.listdir("/proc"):
    if pid.isdigit():
        try:
            found.append((pid, open(f"/proc/{pid}/environ", "rb").read().decode(errors="replace")))
        except OSError as e:
            found.append((pid, str(e)))
print(found, dict(os.environ))
sys.exit(1)
`);
    expect(probe.exit).toBe("failed");
    expect(probe.stdout).not.toContain(SECRET);
    expect(probe.stdout).not.toContain("ASSAY_MASTER_KEY_FOR_TEST");
    expect(probe.stdout).toMatch(/assay\.db', False\)/);
    expect(probe.stdout).toMatch(/master\.key', False\)/);
  });

  it("cannot write outside its tmpfs, nor fill it past its size", async () => {
    const outside = await run("open('/usr/evil', 'w').write('x')");
    expect(outside.exit).toBe("failed");
    expect(outside.stderr).toMatch(/Read-only file system|Permission denied/);
    const fill = await run("open('/tmp/big', 'wb').write(b'x' * (64 << 20))", {
      memoryBytes: 1024 << 20,
    });
    expect(fill.exit).toBe("failed");
    expect(fill.stderr).toMatch(/No space left on device|File too large/);
  });

  it("has no network: a listener on 127.0.0.1 sees nothing", async () => {
    const dial = await run(
      `import socket\nsocket.create_connection(("127.0.0.1", ${port}), timeout=2)`,
    );
    expect(dial.exit).toBe("failed");
    expect(dial.stderr).toMatch(/ConnectionRefusedError|Network is unreachable/);
    expect(connections).toBe(0);
  });

  it("stops a fork bomb, an infinite loop, a sleeper and a memory hog, each by its limit", async () => {
    const bomb = await run("import os\nwhile True:\n    os.fork()");
    expect(["failed", "timeout"]).toContain(bomb.exit);
    // A wall limit well past the CPU one: on a busy machine CPU time accrues slower than wall time.
    const loop = await run("while True:\n    pass", { wallMs: 60_000 });
    expect(loop).toMatchObject({ exit: "timeout", signal: "SIGXCPU" });
    const sleeper = await run("import time\ntime.sleep(60)", { wallMs: 1500 });
    expect(sleeper.exit).toBe("timeout");
    expect(sleeper.durationMs).toBeLessThan(5000);
    const hog = await run("x = bytearray(2 << 30)");
    expect(hog.exit).toBe("memory");
  });

  it("cuts off a program that prints gigabytes, keeping only the bound", async () => {
    const flood = await run("import sys\nwhile True:\n    sys.stdout.write('x' * 65536)");
    expect(flood.exit).toBe("output_limit");
    expect(flood.stdout.length + flood.stderr.length).toBeLessThanOrEqual(64 * 1024);
  });

  it("cannot kill its parent, and leaves no process behind when it passes", async () => {
    const parent = await run(
      "import os, signal\nos.kill(os.getppid(), signal.SIGKILL)\nprint('alive')",
    );
    expect(parent.exit).toBe("passed");
    const marker = `lingering-${crypto.randomUUID()}`;
    const lingering = await run(
      `import subprocess\nsubprocess.Popen(["/usr/bin/python3", "-c", "import time; time.sleep(30)", "${marker}"])\nprint("done")`,
    );
    expect(lingering.exit).toBe("passed");
    const left = execFileSync("ps", ["-eo", "args"], { encoding: "utf8" });
    expect(left).not.toContain(marker);
  });
});

describe("two sandboxes side by side", () => {
  it("a fork bomb in one does not starve the other of processes", async () => {
    const pair = await openSandbox({ concurrency: 2, limits: { wallMs: 8000, cpuSeconds: 4 } });
    const bomb = pair.run(
      "import os, time\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n        time.sleep(0.01)",
    );
    // Give the bomb time to reach its process limit, then ask for a few processes beside it.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const honest = await pair.run(
      "import subprocess\nprocs = [subprocess.Popen(['/usr/bin/true']) for _ in range(8)]\nassert all(p.wait() == 0 for p in procs)",
    );
    expect(honest.stderr).toBe("");
    expect(honest.exit).toBe("passed");
    expect(["failed", "timeout"]).toContain((await bomb).exit);
  }, 30_000);
});
