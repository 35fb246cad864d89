import { z } from "zod";

/**
 * Generates a smart benchmark's prompts from its documents (jobs/generate-benchmark.ts). The
 * benchmark service enqueues it with the benchmark.
 */
export const GENERATE_BENCHMARK_JOB = "generate-benchmark";

export const GenerateBenchmarkPayloadSchema = z.object({
  organization_id: z.string(),
  project_id: z.string(),
  benchmark_id: z.string(),
});
export type GenerateBenchmarkPayload = z.infer<typeof GenerateBenchmarkPayloadSchema>;
