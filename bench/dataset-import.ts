// What importing a custom benchmark costs, measured side by side with its floors in one run.
//
// A JSONL dataset of BENCH_ROWS rows goes the whole way a client sends it: presigned upload URL,
// PUT, then `POST …/custom-benchmarks`, which streams the file, checks every row and stores the
// prompts in one transaction. Floors, in this process: `JSON.parse` of every line (the least any
// importer must do), and the streaming parser alone (checks, no storage). Reported: rows/s of each
// and the ratios, plus a prompt search on the stored rows.
//
//   npm run bench:import                       SQLite
//   DATABASE_URL=postgres://… npm run bench:import
//   BENCH_ROWS=100000 npm run bench:import
import { Readable } from "node:stream";
import { Client } from "@assay/client";
import { startTestService } from "@assay/test-kit/test-service.ts";
import { parseDatasetFile } from "../packages/server/src/resources/benchmarks/dataset-file/index.ts";

const rows = Number(process.env.BENCH_ROWS ?? 50_000);
const lines = Array.from({ length: rows }, (_, i) =>
  JSON.stringify({
    input: `Question ${i}: what is ${i} + ${i}? Explain your reasoning in one sentence.`,
    truth: String(2 * i),
    subset: `subset-${i % 7}`,
  }),
);
const text = lines.join("\n");
const bytes = new TextEncoder().encode(text);

const timed = async (run: () => Promise<unknown> | unknown): Promise<number> => {
  const start = performance.now();
  await run();
  return performance.now() - start;
};

const parseFloorMs = await timed(() => {
  for (const line of lines) JSON.parse(line);
});
const parserMs = await timed(() =>
  parseDatasetFile(Readable.from([Buffer.from(text)]), { inputType: undefined }),
);

const service = await startTestService();
const client = new Client({ apiKey: service.apiKey, baseURL: service.apiUrl });
let benchmarkId = "";
const importMs = await timed(async () => {
  const created = await client.benchmarks.createCustom({
    name: "Bench import",
    description: "",
    file: bytes,
    filename: "bench.jsonl",
  });
  benchmarkId = created.benchmark_id;
});
let matches = 0;
const searchMs = await timed(async () => {
  const page = await client.benchmarks.getPrompts(benchmarkId, {
    search: "input",
    search_value: `question ${rows - 1}:`,
  });
  matches = page.count;
});
await service.close();

const perSecond = (ms: number) => Math.round(rows / (ms / 1000));
console.table([
  {
    step: "JSON.parse per line (floor)",
    ms: Math.round(parseFloorMs),
    "rows/s": perSecond(parseFloorMs),
  },
  {
    step: "streaming parser with row checks",
    ms: Math.round(parserMs),
    "rows/s": perSecond(parserMs),
  },
  {
    step: "upload + import over HTTP, stored",
    ms: Math.round(importMs),
    "rows/s": perSecond(importMs),
  },
]);
console.log(
  `${service.database.url ? "PostgreSQL" : "SQLite"}, ${rows} rows, ${(bytes.length / 1048576).toFixed(1)} MiB: ` +
    `parser ${(parserMs / parseFloorMs).toFixed(1)}× the JSON.parse floor, whole import ` +
    `${(importMs / parseFloorMs).toFixed(1)}×; prompt search over ${rows} rows ${Math.round(searchMs)} ms (${matches} match)`,
);
