/** A benchmark file whose content is not what its definition expects (shape or row count). */
export class BenchmarkDataError extends Error {
  override name = "BenchmarkDataError";
  readonly benchmark: string;

  constructor(benchmark: string, message: string, options: { cause?: unknown } = {}) {
    super(`${benchmark}: ${message}`, { cause: options.cause });
    this.benchmark = benchmark;
  }
}

/** A download that could not be completed: refused status, size cap, or a broken body. */
export class BenchmarkDownloadError extends Error {
  override name = "BenchmarkDownloadError";
  readonly url: string;
  readonly status?: number;

  constructor(url: string, message: string, options: { status?: number; cause?: unknown } = {}) {
    super(`${url}: ${message}`, { cause: options.cause });
    this.url = url;
    this.status = options.status;
  }
}
