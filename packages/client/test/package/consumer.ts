// A user's program: pack-and-install.test.ts copies it into a fresh project that installed the
// npm tarballs of @assay/protocol and @assay/client, type-checks it there with tsc --strict and
// runs the compiled JavaScript with plain node. Only what the packages export, nothing of the
// workspace; the key and base URL come from SERVICE_API_KEY and SERVICE_BASE_URL.
import { Client, NotFoundError, VERSION } from "@assay/client";
import { APIError, UnprocessableEntityError } from "@assay/client/errors";
import { type Benchmark, routes } from "@assay/protocol";

const client = new Client();
const { organization, project } = await client.init();
const { evaluations, totalCount } = await client.evaluations.getMany({ page: 1, pageSize: 10 });

// A custom benchmark from a file path: the compiled client loads node:fs lazily for it.
const { benchmark_id } = await client.benchmarks.createCustom({
  name: "Packaged sums",
  description: "created through the npm tarball",
  file: "./sums.jsonl",
  system_prompt: "Answer with a number only.",
});
const benchmark: Benchmark = await client.benchmarks.getById(benchmark_id);
const prompts = await client.benchmarks.getPrompts(benchmark_id, { page_size: 10 });

/** The class name and status of the error `call` fails with. */
async function failure(call: () => Promise<unknown>): Promise<string> {
  try {
    await call();
    return "no error";
  } catch (error) {
    // Both entry points hand out the same classes, so instanceof works across them.
    if (error instanceof NotFoundError && error instanceof APIError) {
      return `NotFoundError ${error.statusCode}`;
    }
    if (error instanceof UnprocessableEntityError)
      return `UnprocessableEntityError ${error.message}`;
    return `unexpected ${String(error)}`;
  }
}

const missing = await failure(() =>
  client.benchmarks.getById("00000000-0000-4000-8000-000000000000"),
);
const badRows = await failure(() =>
  client.benchmarks.createCustom({
    name: "Packaged bad rows",
    description: "",
    file: new TextEncoder().encode('{"input": "1 + 1"}\n'),
    filename: "bad.jsonl",
  }),
);

console.log(
  JSON.stringify({
    version: VERSION,
    organization: organization.name,
    project: project.name,
    evaluations: { listed: evaluations.length, total: totalCount },
    benchmark: { name: benchmark.name, prompts: prompts.count },
    missing,
    badRows,
    route: `${routes.getBenchmark.method} ${routes.getBenchmark.path}`,
  }),
);
