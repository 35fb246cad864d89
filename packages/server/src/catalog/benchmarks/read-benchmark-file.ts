import { createHash } from "node:crypto";
import type { z } from "zod";
import type { BenchmarkDefinition, BenchmarkPromptRecord } from "./benchmark-definition.ts";
import { BenchmarkDataError } from "./benchmark-errors.ts";
import { RawRecordError, readRawRecords } from "./raw-records.ts";

export interface LoadedBenchmark {
  /** Hex SHA-256 of the file bytes: which exact data a run was scored against. */
  sha256: string;
  prompts: BenchmarkPromptRecord[];
}

/**
 * Reads a benchmark's data file and maps every record to a prompt. Throws BenchmarkDataError when
 * a record does not fit the definition's schema (naming where) or when the row count is not the
 * canonical one, which is how a truncated or wrong-split file is caught.
 */
export async function readBenchmarkFile(
  definition: BenchmarkDefinition,
  path: string,
): Promise<LoadedBenchmark> {
  const hash = createHash("sha256");
  const prompts: BenchmarkPromptRecord[] = [];
  try {
    for await (const raw of readRawRecords(path, definition.source, hash)) {
      const parsed = definition.recordSchema.safeParse(raw.value);
      if (!parsed.success) {
        throw new BenchmarkDataError(
          definition.key,
          `${raw.location}: ${describeIssues(parsed.error)}`,
        );
      }
      const mapped = definition.toPrompt(parsed.data, raw.row);
      if (Array.isArray(mapped)) prompts.push(...mapped);
      else prompts.push(mapped as BenchmarkPromptRecord);
    }
  } catch (error) {
    if (error instanceof RawRecordError) {
      throw new BenchmarkDataError(definition.key, error.message, { cause: error });
    }
    throw error;
  }
  if (prompts.length !== definition.prompt_count) {
    throw new BenchmarkDataError(
      definition.key,
      `expected ${definition.prompt_count} rows, found ${prompts.length}`,
    );
  }
  const sha256 = hash.digest("hex");
  const canonical = definition.source.sha256;
  if (canonical !== undefined && sha256 !== canonical) {
    throw new BenchmarkDataError(
      definition.key,
      `not the canonical file: its sha256 is ${sha256}, the canonical file's is ${canonical}`,
    );
  }
  return { sha256, prompts };
}

/** One line for all issues: `answer: answer must end with '#### <number>'; question: …`. */
function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const path = issue.path.map(String).join(".");
      return path === "" ? issue.message : `${path}: ${issue.message}`;
    })
    .join("; ");
}
