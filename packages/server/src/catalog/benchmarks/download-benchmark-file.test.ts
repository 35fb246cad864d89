import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GSM8K_TEST_FILE } from "@assay/test-kit/shared-datasets.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseHostRule } from "../../platform/ssrf/host-rules.ts";
import { BenchmarkDataError, BenchmarkDownloadError } from "./benchmark-errors.ts";
import { downloadBenchmarkFile } from "./download-benchmark-file.ts";
import { gsm8k } from "./gsm8k.ts";

const GSM8K_TEST = GSM8K_TEST_FILE;

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** A local mirror on a free loopback port that counts the requests it answers. */
async function startMirror(handler: Handler) {
  let requests = 0;
  const server = createServer((request, response) => {
    requests += 1;
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => requests,
    [Symbol.asyncDispose]: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe("downloadBenchmarkFile", () => {
  let body: Buffer;
  let root: string;

  beforeAll(async () => {
    body = await readFile(GSM8K_TEST);
    root = await mkdtemp(join(tmpdir(), "assay-download-"));
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const newDataDir = () => mkdtemp(join(root, "data-"));
  const folderOf = (dataDir: string) => join(dataDir, "datasets", "gsm8k");

  const serveGsm8k: Handler = (request, response) => {
    if (request.url !== "/gsm8k/test.jsonl") {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-length": body.byteLength }).end(body);
  };

  it("downloads from the mirror into the data dir, once", async () => {
    await using mirror = await startMirror(serveGsm8k);
    const dataDir = await newDataDir();

    const { path, loaded } = await downloadBenchmarkFile(gsm8k, {
      dataDir,
      mirrorUrl: `${mirror.url}/`,
    });

    expect(path).toBe(join(dataDir, "datasets", "gsm8k", "test.jsonl"));
    expect(loaded.prompts).toHaveLength(1319);
    expect((await readFile(path)).equals(body)).toBe(true);
    expect(await readdir(folderOf(dataDir))).toEqual(["test.jsonl"]);
    expect(mirror.requests()).toBe(1);

    await expect(
      downloadBenchmarkFile(gsm8k, { dataDir, mirrorUrl: mirror.url }),
    ).resolves.toMatchObject({ path, loaded: { sha256: loaded.sha256 } });
    expect(mirror.requests()).toBe(1);
  });

  it("replaces an existing file that no longer validates", async () => {
    await using mirror = await startMirror(serveGsm8k);
    const dataDir = await newDataDir();
    await mkdir(folderOf(dataDir), { recursive: true });
    await writeFile(join(folderOf(dataDir), "test.jsonl"), body.subarray(0, 1000));

    const { path } = await downloadBenchmarkFile(gsm8k, { dataDir, mirrorUrl: mirror.url });

    expect(mirror.requests()).toBe(1);
    expect((await readFile(path)).equals(body)).toBe(true);
  });

  it("refuses a 500 with the URL and status, leaving nothing behind", async () => {
    await using mirror = await startMirror((_request, response) => {
      response.writeHead(500).end("upstream broke");
    });
    const dataDir = await newDataDir();

    const error = await downloadBenchmarkFile(gsm8k, { dataDir, mirrorUrl: mirror.url }).catch(
      (caught: unknown) => caught,
    );

    expect(error).toBeInstanceOf(BenchmarkDownloadError);
    expect(error).toMatchObject({ status: 500, url: `${mirror.url}/gsm8k/test.jsonl` });
    expect((error as Error).message).toBe(`${mirror.url}/gsm8k/test.jsonl: answered HTTP 500`);
    expect(await readdir(folderOf(dataDir))).toEqual([]);
  });

  it("leaves nothing behind when the connection drops mid-body", async () => {
    await using mirror = await startMirror((_request, response) => {
      response.writeHead(200, { "content-length": body.byteLength });
      response.write(body.subarray(0, body.byteLength / 2), () => response.destroy());
    });
    const dataDir = await newDataDir();

    const error = await downloadBenchmarkFile(gsm8k, { dataDir, mirrorUrl: mirror.url }).catch(
      (caught: unknown) => caught,
    );

    expect(error).toBeInstanceOf(BenchmarkDownloadError);
    expect((error as Error).message).toMatch(/gsm8k\/test\.jsonl: download failed \(/);
    expect(await readdir(folderOf(dataDir))).toEqual([]);
  });

  it("leaves nothing behind when a complete answer holds a truncated file", async () => {
    const lines = body.toString("utf8").split("\n").slice(0, 100).join("\n");
    await using mirror = await startMirror((_request, response) => {
      response.writeHead(200).end(lines);
    });
    const dataDir = await newDataDir();

    const error = await downloadBenchmarkFile(gsm8k, { dataDir, mirrorUrl: mirror.url }).catch(
      (caught: unknown) => caught,
    );

    expect(error).toBeInstanceOf(BenchmarkDataError);
    expect((error as Error).message).toBe("gsm8k: expected 1319 rows, found 100");
    expect(await readdir(folderOf(dataDir))).toEqual([]);
  });

  it("refuses a body over the size cap", async () => {
    await using mirror = await startMirror((_request, response) => {
      // Chunked, so the cap is enforced while streaming rather than from the header.
      response.writeHead(200);
      response.write(body.subarray(0, 4096));
      response.end(body.subarray(4096, 8192));
    });
    const dataDir = await newDataDir();

    await expect(
      downloadBenchmarkFile(gsm8k, { dataDir, mirrorUrl: mirror.url, maxBytes: 5000 }),
    ).rejects.toThrow("body exceeds the 5000 byte cap");
    expect(await readdir(folderOf(dataDir))).toEqual([]);
  });

  it("goes to the canonical URL through the outbound guard when no mirror is given", async () => {
    const looked: string[] = [];
    const dataDir = await newDataDir();

    const error = await downloadBenchmarkFile(gsm8k, {
      dataDir,
      // The canonical host resolving to a private address: refused before any connection.
      lookup: async (host) => {
        looked.push(host);
        return [{ address: "10.0.0.7", family: 4 }];
      },
    }).catch((caught: unknown) => caught);

    expect(looked).toEqual([new URL(gsm8k.source.url).hostname]);
    expect(error).toBeInstanceOf(BenchmarkDownloadError);
    expect((error as Error).message).toMatch(/blocked address/);
    expect(await readdir(folderOf(dataDir))).toEqual([]);
  });

  it("follows a redirect that stays on the mirror, each hop through the guard", async () => {
    await using mirror = await startMirror((request, response) => {
      if (request.url === "/gsm8k/test.jsonl") {
        response.writeHead(302, { location: "/files/gsm8k-test.jsonl" }).end();
        return;
      }
      if (request.url !== "/files/gsm8k-test.jsonl") {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, { "content-length": body.byteLength }).end(body);
    });
    const dataDir = await newDataDir();

    const { loaded } = await downloadBenchmarkFile(gsm8k, { dataDir, mirrorUrl: mirror.url });

    expect(loaded.prompts).toHaveLength(1319);
    expect(mirror.requests()).toBe(2);
  });

  it.each([
    ["another port of the same address", (port: number) => `http://127.0.0.1:${port}/x.jsonl`],
    ["a name of a loopback address", (port: number) => `http://localhost:${port}/x.jsonl`],
  ])("refuses a redirect from the mirror to %s, never connecting there", async (_, target) => {
    await using inside = await startMirror(serveGsm8k);
    const port = Number(new URL(inside.url).port);
    await using mirror = await startMirror((_request, response) => {
      response.writeHead(302, { location: target(port) }).end();
    });
    const dataDir = await newDataDir();

    const error = await downloadBenchmarkFile(gsm8k, { dataDir, mirrorUrl: mirror.url }).catch(
      (caught: unknown) => caught,
    );

    expect(error).toBeInstanceOf(BenchmarkDownloadError);
    expect((error as Error).message).toContain(`redirected to ${target(port)}`);
    expect((error as Error).message).toMatch(/blocked address/);
    expect(inside.requests()).toBe(0);
    expect(await readdir(folderOf(dataDir))).toEqual([]);
  });

  it("follows a redirect to a host the operator allowed", async () => {
    await using inside = await startMirror((_request, response) => {
      response.writeHead(200, { "content-length": body.byteLength }).end(body);
    });
    await using mirror = await startMirror((_request, response) => {
      response.writeHead(307, { location: `${inside.url}/copy.jsonl` }).end();
    });
    const port = Number(new URL(inside.url).port);

    await downloadBenchmarkFile(gsm8k, {
      dataDir: await newDataDir(),
      mirrorUrl: mirror.url,
      allowedHosts: [parseHostRule(`127.0.0.1:${port}`)],
    });

    expect(inside.requests()).toBe(1);
  });

  it("stops after five redirects, and refuses a redirect to another scheme", async () => {
    await using loop = await startMirror((request, response) => {
      response.writeHead(302, { location: `${request.url}x` }).end();
    });
    await expect(
      downloadBenchmarkFile(gsm8k, { dataDir: await newDataDir(), mirrorUrl: loop.url }),
    ).rejects.toThrow(/redirected more than 5 times/);
    expect(loop.requests()).toBe(6);

    await using toFile = await startMirror((_request, response) => {
      response.writeHead(302, { location: "file:///etc/passwd" }).end();
    });
    await expect(
      downloadBenchmarkFile(gsm8k, { dataDir: await newDataDir(), mirrorUrl: toFile.url }),
    ).rejects.toThrow(/redirected to file:\/\/\/etc\/passwd, which is not an http\(s\) URL/);
  });
});
