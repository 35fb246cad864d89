import type { Migration, MigrationProvider } from "kysely/migration";
import * as foundation from "./0001-foundation.ts";
import * as modelsAndBenchmarks from "./0002-models-and-benchmarks.ts";
import * as evaluations from "./0003-evaluations.ts";
import * as judgesAndTraces from "./0004-judges-and-traces.ts";
import * as traceBulkLoad from "./0005-trace-bulk-load.ts";
import * as annotationsAndOptimizations from "./0006-annotations-and-optimizations.ts";
import * as uiSessions from "./0007-ui-sessions.ts";
import * as evaluationSpaces from "./0008-evaluation-spaces.ts";
import * as evaluationBenchmarkVersion from "./0009-evaluation-benchmark-version.ts";
import * as scorers from "./0010-scorers.ts";
import * as unloggedRateLimits from "./0011-unlogged-rate-limits.ts";
import * as fairScheduling from "./0012-fair-scheduling.ts";
import * as resultIndexes from "./0013-result-indexes.ts";
import * as resultTextIndex from "./0014-result-text-index.ts";
import * as unicodeLower from "./0015-unicode-lower.ts";
import * as requestProfiles from "./0016-request-profiles.ts";
import * as idempotencyKeys from "./0017-idempotency-keys.ts";
import * as repeats from "./0018-repeats.ts";
import * as modelPrices from "./0019-model-prices.ts";
import * as resultExecution from "./0020-result-execution.ts";
import * as traceSummaries from "./0021-trace-summaries.ts";
import * as evaluationSpaceSlugs from "./0022-evaluation-space-slugs.ts";
import * as integrations from "./0023-integrations.ts";

/**
 * Every migration, in order. Listed statically (not read from a folder) so they travel with the
 * code, whatever the working directory. Names never change once released.
 */
const migrations: Record<string, Migration> = {
  "0001-foundation": foundation,
  "0002-models-and-benchmarks": modelsAndBenchmarks,
  "0003-evaluations": evaluations,
  "0004-judges-and-traces": judgesAndTraces,
  "0005-trace-bulk-load": traceBulkLoad,
  "0006-annotations-and-optimizations": annotationsAndOptimizations,
  "0007-ui-sessions": uiSessions,
  "0008-evaluation-spaces": evaluationSpaces,
  "0009-evaluation-benchmark-version": evaluationBenchmarkVersion,
  "0010-scorers": scorers,
  "0011-unlogged-rate-limits": unloggedRateLimits,
  "0012-fair-scheduling": fairScheduling,
  "0013-result-indexes": resultIndexes,
  "0014-result-text-index": resultTextIndex,
  "0015-unicode-lower": unicodeLower,
  "0016-request-profiles": requestProfiles,
  "0017-idempotency-keys": idempotencyKeys,
  "0018-repeats": repeats,
  "0019-model-prices": modelPrices,
  "0020-result-execution": resultExecution,
  "0021-trace-summaries": traceSummaries,
  "0022-evaluation-space-slugs": evaluationSpaceSlugs,
  "0023-integrations": integrations,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
