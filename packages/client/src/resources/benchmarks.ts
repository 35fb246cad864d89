import {
  type Benchmark,
  type BenchmarkPrompt,
  type CreateCustomBenchmarkBody,
  type CreateSmartBenchmarkBody,
  type CustomBenchmark,
  isCustomBenchmark,
  type ListType,
  type ProjectAttachments,
  routes,
  type SubsetCount,
} from "@assay/protocol";
import type { RouteOutput } from "../core/api-client.ts";
import type { RequestOptions } from "../core/client-options.ts";
import type { UploadData } from "../core/upload.ts";
import { checkWaitDuration, pollUntilFinished } from "../core/wait-duration.ts";
import { ServiceError } from "../errors.ts";
import { withAdded, withRemoved } from "./attachments.ts";
import {
  type BenchmarkFile,
  type ResolvedFile,
  resolveBenchmarkFile,
  uploadBenchmarkFile,
} from "./benchmark-files.ts";
import { collectPrompts, type PromptPage, type PromptParams, promptQuery } from "./prompts.ts";
import { listParam, textParam } from "./query.ts";
import { APIResource } from "./resource.ts";

/**
 * Filters of `benchmarks.get()`. `name` and `key` are case-insensitive substrings; `categories`
 * and `languages` leave only built-in benchmarks matching one of their values (protocol §5.1).
 */
export interface BenchmarkFilter {
  /** Only the project's own benchmarks, or only built-in ones; both (own first) when absent. */
  type?: ListType | undefined;
  name?: string | undefined;
  key?: string | undefined;
  categories?: readonly string[] | undefined;
  languages?: readonly string[] | undefined;
}

/** A custom benchmark: a JSONL/JSON dataset (`{"input", "truth", "subset"?}` rows) and how to score it. */
export interface CreateCustomBenchmarkInput extends Omit<CreateCustomBenchmarkBody, "file"> {
  /** A path (Node.js only), or the file's contents. */
  file: string | UploadData;
  /** The name to upload the file as: the path's base name by default; required for contents. */
  filename?: string | undefined;
  /** Default: from the file name's extension (`.jsonl` → `application/jsonl`, …). */
  contentType?: string | undefined;
}

/** A smart benchmark: prompts generated from 1–20 documents by a background job. */
export interface CreateSmartBenchmarkInput extends Omit<CreateSmartBenchmarkBody, "files"> {
  /** Paths (Node.js only), or contents with a file name. */
  files: ReadonlyArray<string | BenchmarkFile>;
}

export type CreateBenchmarkResult = RouteOutput<typeof routes.createCustomBenchmark>["data"];

/** How `benchmarks.waitForGeneration()` polls. */
export interface WaitForGenerationOptions extends RequestOptions {
  /**
   * A fixed wait between polls. Default: 0.5 s first, growing with the time waited to at most
   * 10 s (`DEFAULT_POLL_SCHEDULE`).
   */
  intervalMs?: number | undefined;
  /** Give up (`WaitTimeoutError`) after this long; default: wait as long as it takes. */
  timeoutMs?: number | undefined;
}

/**
 * What `benchmarks.get()` answers: `(await client.benchmarks.get()).benchmarks`, shaped like
 * `models.get()` (the wire calls the list `datasets`).
 */
export interface BenchmarksResponse {
  benchmarks: Benchmark[];
}

/** `client.benchmarks`: the benchmarks attached to the project, and its own datasets. */
export class Benchmarks extends APIResource {
  /** The attached benchmarks matching the filter: the project's own first, then built-in ones. */
  async get(filter: BenchmarkFilter = {}, options?: RequestOptions): Promise<BenchmarksResponse> {
    const { data } = await this.client.request(
      routes.listBenchmarks,
      {
        query: {
          type: filter.type,
          name: textParam(filter.name),
          key: textParam(filter.key),
          categories: listParam(filter.categories),
          languages: listParam(filter.languages),
        },
      },
      options,
    );
    return { benchmarks: data.datasets };
  }

  /** The attached benchmark with exactly this key (the server matches keys as substrings). */
  async getByKey(key: string, options?: RequestOptions): Promise<Benchmark | undefined> {
    const { benchmarks } = await this.get({ key }, options);
    return benchmarks.find((benchmark) => benchmark.key === key);
  }

  /** A built-in benchmark or one of the project's own; an unknown id raises `NotFoundError`. */
  async getById(id: string, options?: RequestOptions): Promise<Benchmark> {
    const { data } = await this.client.request(
      routes.getBenchmark,
      { params: { benchmark_id: id } },
      options,
    );
    return data;
  }

  /** Attaches benchmarks (built-in or own ids) to the project; answers the new attachments. */
  async add(ids: readonly string[], options?: RequestOptions): Promise<ProjectAttachments> {
    return this.#attach(withAdded(await this.#attachedIds(options), ids), options);
  }

  /** Detaches benchmarks from the project; answers the new attachments. */
  async remove(ids: readonly string[], options?: RequestOptions): Promise<ProjectAttachments> {
    return this.#attach(withRemoved(await this.#attachedIds(options), ids), options);
  }

  /**
   * One page of a benchmark's prompts. A built-in benchmark's data is downloaded by the server on
   * first use, so the first call can take a while.
   */
  async getPrompts(
    benchmarkId: string,
    params: PromptParams = {},
    options?: RequestOptions,
  ): Promise<PromptPage> {
    const { data } = await this.client.request(
      routes.listBenchmarkPrompts,
      { params: { benchmark_id: benchmarkId }, query: promptQuery(params) },
      options,
    );
    return data;
  }

  /**
   * A benchmark's named subsets with their prompt counts, in the order they first appear (an
   * Assay extension). A built-in benchmark's data is downloaded first, as for its prompts.
   */
  async getSubsets(benchmarkId: string, options?: RequestOptions): Promise<SubsetCount[]> {
    const { data } = await this.client.request(
      routes.listBenchmarkSubsets,
      { params: { benchmark_id: benchmarkId } },
      options,
    );
    return data.subsets;
  }

  /** Every prompt of a benchmark, read in pages of 100. */
  getAllPrompts(benchmarkId: string, options?: RequestOptions): Promise<BenchmarkPrompt[]> {
    return collectPrompts((params) => this.getPrompts(benchmarkId, params, options));
  }

  /**
   * Uploads a dataset and creates a benchmark from it: `POST …/upload`, the PUT, then
   * `POST …/custom-benchmarks`. A file over 50 MiB is refused before any request; a file with bad
   * rows is refused by the server (`UnprocessableEntityError` naming the lines) and nothing is
   * created.
   */
  async createCustom(
    input: CreateCustomBenchmarkInput,
    options?: RequestOptions,
  ): Promise<CreateBenchmarkResult> {
    const { file, filename, contentType, ...fields } = input;
    const resolved = await resolveBenchmarkFile(file, { filename, contentType });
    await uploadBenchmarkFile(this.client, input.name, resolved, options);
    const { data } = await this.client.request(
      routes.createCustomBenchmark,
      { body: { ...fields, file: resolved.filename } },
      options,
    );
    return data;
  }

  /**
   * Uploads the documents one after the other, then creates a benchmark generated from them; it
   * is listed with `generation_status: "generating"` until the server's job has run. Every file
   * is checked against the 50 MiB limit before the first request.
   */
  async createSmart(
    input: CreateSmartBenchmarkInput,
    options?: RequestOptions,
  ): Promise<CreateBenchmarkResult> {
    const { files, ...fields } = input;
    const resolved: ResolvedFile[] = [];
    for (const file of files) {
      resolved.push(
        await (typeof file === "string"
          ? resolveBenchmarkFile(file)
          : resolveBenchmarkFile(file.data, file)),
      );
    }
    for (const file of resolved) await uploadBenchmarkFile(this.client, input.name, file, options);
    const { data } = await this.client.request(
      routes.createSmartBenchmark,
      { body: { ...fields, files: resolved.map((file) => file.filename) } },
      options,
    );
    return data;
  }

  /**
   * Polls a smart benchmark (at once, then on the default schedule or every `intervalMs`) until
   * its generation has ended, `ready` or `failed` (`status_description` says why), and answers
   * it. After `timeoutMs` it raises `WaitTimeoutError`; the generation goes on on the server.
   */
  async waitForGeneration(
    id: string,
    options: WaitForGenerationOptions = {},
  ): Promise<CustomBenchmark> {
    const { intervalMs, timeoutMs, ...request } = options;
    if (intervalMs !== undefined) checkWaitDuration("intervalMs", intervalMs);
    if (timeoutMs !== undefined) checkWaitDuration("timeoutMs", timeoutMs, true);
    const ended = await pollUntilFinished({
      label: `Benchmark ${id}`,
      read: async () => {
        const benchmark = await this.getById(id, request);
        if (!isCustomBenchmark(benchmark))
          throw new ServiceError(`benchmark ${id} is built in: it is not generated`);
        return { status: benchmark.generation_status, benchmark };
      },
      finished: (current) => current.status !== "generating",
      intervalMs,
      timeoutMs,
      signal: request.signal,
    });
    return ended.benchmark;
  }

  async #attachedIds(options: RequestOptions | undefined): Promise<string[]> {
    return (await this.get({}, options)).benchmarks.map((benchmark) => benchmark.id);
  }

  async #attach(ids: string[], options: RequestOptions | undefined): Promise<ProjectAttachments> {
    const answer = await this.client.request(
      routes.updateProject,
      { body: { datasets: ids } },
      options,
    );
    return answer.data;
  }
}
