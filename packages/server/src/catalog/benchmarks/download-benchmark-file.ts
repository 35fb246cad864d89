import { randomUUID } from "node:crypto";
import { mkdir, open, rename, rm, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { pipeline } from "node:stream/promises";
import { type Dispatcher, request } from "undici";
import {
  createGuardedDispatcher,
  MODEL_URL_BLOCKED,
} from "../../platform/ssrf/guarded-dispatcher.ts";
import type { HostLookup } from "../../platform/ssrf/host-lookup.ts";
import { type HostRule, parseHostRule } from "../../platform/ssrf/host-rules.ts";
import { ALLOW_HOST_HINT } from "../../platform/ssrf/model-url.ts";
import type { BenchmarkDefinition } from "./benchmark-definition.ts";
import { BenchmarkDataError, BenchmarkDownloadError } from "./benchmark-errors.ts";
import { type LoadedBenchmark, readBenchmarkFile } from "./read-benchmark-file.ts";

/** Far above the largest built-in file (HellaSwag, tens of MiB); stops a bad mirror filling disk. */
const DEFAULT_MAX_BYTES = 512 * 1024 * 1024;
/** Hugging Face answers a file with one redirect to its CDN; a few more is a loop. */
const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export interface DownloadBenchmarkOptions {
  /** The service data dir; files land in `<dataDir>/datasets/<key>/<filename>`. */
  dataDir: string;
  /** Replaces the canonical source with `<mirrorUrl>/<key>/<filename>` (air-gapped installs). */
  mirrorUrl?: string;
  /**
   * Private addresses the download may reach (ALLOWED_MODEL_HOSTS); public ones always, the
   * mirror's own host:port too (the operator named it), metadata endpoints never.
   */
  allowedHosts?: readonly HostRule[];
  /** How host names resolve (tests); the system resolver unless given. */
  lookup?: HostLookup;
  signal?: AbortSignal;
  /** Refuse bodies larger than this; 512 MiB unless given. */
  maxBytes?: number;
}

/** Where a benchmark's data file lives under a data dir, downloaded or not. */
export function benchmarkFilePath(definition: BenchmarkDefinition, dataDir: string): string {
  return join(dataDir, "datasets", definition.key, definition.source.filename);
}

/** A checked copy of a benchmark's data on disk, with what reading it gave. */
export interface DownloadedBenchmark {
  path: string;
  loaded: LoadedBenchmark;
}

/**
 * Makes sure a valid copy of the benchmark's data is on disk; answers its path and its prompts
 * (checking the file reads it whole, so the caller need not read it again). The body goes to a
 * temporary file beside the target and is renamed into place only once complete and accepted by
 * readBenchmarkFile, so a failed, partial or wrong download never leaves a file that a later run
 * would trust.
 */
export async function downloadBenchmarkFile(
  definition: BenchmarkDefinition,
  options: DownloadBenchmarkOptions,
): Promise<DownloadedBenchmark> {
  const target = benchmarkFilePath(definition, options.dataDir);
  const existing = await readValidFile(definition, target);
  if (existing) return { path: target, loaded: existing };

  const url = sourceUrl(definition, options.mirrorUrl);
  // A gated dataset's terms are the user's to accept: Assay never fetches it, even from a mirror.
  if (definition.source.gated !== undefined) {
    throw new BenchmarkDownloadError(
      definition.source.url,
      `is gated and never downloaded by Assay. ${definition.source.gated} Then: ` +
        `assay catalog import ${definition.key} --file <your copy>`,
    );
  }
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const directory = dirname(target);
  await mkdir(directory, { recursive: true });
  const temporary = join(directory, `.${definition.source.filename}.${randomUUID()}.part`);
  // Every connection, the redirects' too, goes through the outbound guard, as model calls do:
  // any tenant can start a download by evaluating a built-in benchmark that is not loaded.
  const dispatcher = createGuardedDispatcher({
    rules: [
      ...(options.allowedHosts ?? []),
      ...(options.mirrorUrl === undefined ? [] : [parseHostRule(new URL(url).host)]),
    ],
    lookup: options.lookup,
  });

  try {
    const response = await get(url, dispatcher, options.signal);
    if (response.statusCode !== 200) {
      await response.body.dump();
      throw new BenchmarkDownloadError(url, `answered HTTP ${response.statusCode}`, {
        status: response.statusCode,
      });
    }
    const declared = Number(response.headers["content-length"]);
    if (declared > maxBytes) {
      await response.body.dump();
      throw new BenchmarkDownloadError(url, `is ${declared} bytes, over the ${maxBytes} cap`);
    }
    await pipeline(
      response.body,
      async function* capSize(chunks: AsyncIterable<Uint8Array>) {
        let received = 0;
        for await (const chunk of chunks) {
          received += chunk.byteLength;
          if (received > maxBytes) {
            throw new BenchmarkDownloadError(url, `body exceeds the ${maxBytes} byte cap`);
          }
          yield chunk;
        }
      },
      // Opened before the pipeline: a stream that opens its file lazily may create it after a
      // failed pipeline's cleanup below has run, leaving the partial file behind.
      (await open(temporary, "wx")).createWriteStream(),
      { signal: options.signal },
    );
    const loaded = await readBenchmarkFile(definition, temporary);
    await rename(temporary, target);
    return { path: target, loaded };
  } catch (error) {
    await rm(temporary, { force: true });
    if (error instanceof BenchmarkDownloadError || error instanceof BenchmarkDataError) {
      throw error;
    }
    if (options.signal?.aborted) throw error;
    throw new BenchmarkDownloadError(url, `download failed (${describe(error)})`, {
      cause: error,
    });
  } finally {
    await dispatcher.close();
  }
}

/**
 * GET `url`, following redirects by hand (at most MAX_REDIRECTS, http and https only): each hop
 * is a new request through the guarded dispatcher, so each address is checked before it is
 * connected to. Canonical sources redirect (Hugging Face to its CDN); a mirror or a canonical
 * host must not lead the download to a private address.
 */
async function get(
  url: string,
  dispatcher: Dispatcher,
  signal: AbortSignal | undefined,
): Promise<Dispatcher.ResponseData> {
  let current = url;
  for (let hop = 0; ; hop += 1) {
    const response = await request(current, { dispatcher, signal, method: "GET" }).catch(
      (error: unknown) => {
        if (current === url) throw error;
        throw new BenchmarkDownloadError(url, `redirected to ${current}, ${describe(error)}`, {
          cause: error,
        });
      },
    );
    if (!REDIRECTS.has(response.statusCode)) return response;
    await response.body.dump();
    const location = response.headers.location;
    if (typeof location !== "string")
      throw new BenchmarkDownloadError(url, `answered ${response.statusCode} without a Location`);
    if (hop >= MAX_REDIRECTS)
      throw new BenchmarkDownloadError(url, `redirected more than ${MAX_REDIRECTS} times`);
    const next = new URL(location, current);
    if (next.protocol !== "http:" && next.protocol !== "https:")
      throw new BenchmarkDownloadError(
        url,
        `redirected to ${next.href}, which is not an http(s) URL`,
      );
    current = next.href;
  }
}

/** A failed connection, worded for a download (the guard's own message speaks of models). */
function describe(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === MODEL_URL_BLOCKED)
    return `refused: it resolves to a blocked address (private, loopback or metadata); if it is trusted: ${ALLOW_HOST_HINT}`;
  return error instanceof Error ? error.message : String(error);
}

function sourceUrl(definition: BenchmarkDefinition, mirrorUrl: string | undefined): string {
  if (mirrorUrl === undefined) return definition.source.url;
  const base = mirrorUrl.replace(/\/+$/, "");
  return `${base}/${encodeURIComponent(definition.key)}/${encodeURIComponent(definition.source.filename)}`;
}

/** An existing file counts only if it still validates; a corrupt one is replaced. */
async function readValidFile(
  definition: BenchmarkDefinition,
  path: string,
): Promise<LoadedBenchmark | undefined> {
  try {
    await stat(path);
  } catch {
    return undefined;
  }
  try {
    return await readBenchmarkFile(definition, path);
  } catch (error) {
    if (error instanceof BenchmarkDataError) return undefined;
    throw error;
  }
}
