import type { FieldIssue } from "@assay/protocol";
import { AppError, badRequest } from "../../app-error.ts";
import { isForeignKeyViolation } from "../../platform/db/foreign-key-violation.ts";
import type { ImportStore } from "../imports/import-store.ts";
import { createScorerRepository } from "../scorers/repository.ts";
import {
  DatasetFileError,
  type DatasetInputType,
  type DatasetRow,
  parseDatasetFile,
} from "./dataset-file/index.ts";
import {
  insertOwnBenchmark,
  type OwnBenchmarkRow,
  type UploadedFile,
} from "./insert-own-benchmark.ts";
import { createPromptRepository, type PromptRecord } from "./prompt-repository.ts";

/** One uploaded dataset to import as a custom benchmark: plain data, for an import thread. */
export interface DatasetImport {
  organizationId: string;
  projectId: string;
  upload: UploadedFile;
  inputType?: DatasetInputType;
  /** The benchmark's row but its prompt count, which the file gives. */
  benchmark: Omit<OwnBenchmarkRow, "prompt_count">;
  /** The project's scorers the benchmark applies (checked by the caller). */
  scorerIds: string[];
}

/**
 * Reads and checks every row of the uploaded dataset, then stores the benchmark with its prompts
 * in one transaction: any bad row (or a repeated id) refuses the whole file with a 422 naming the
 * lines, and nothing is stored.
 */
export async function importDataset(store: ImportStore, job: DatasetImport): Promise<void> {
  const records = await readDataset(store, job);
  const scope = { organizationId: job.organizationId, projectId: job.projectId };
  const row = { ...job.benchmark, prompt_count: records.length };
  await insertOwnBenchmark(store.db, scope, row, [job.upload], async (trx) => {
    await createPromptRepository(trx).replaceAll(row.id, records);
    try {
      await createScorerRepository(trx).setForBenchmark(trx, row.id, job.scorerIds);
    } catch (error) {
      // A named scorer was deleted after the caller checked it.
      if (isForeignKeyViolation(error))
        throw badRequest("body.custom_scorers", "a scorer was deleted meanwhile; try again");
      throw error;
    }
  });
}

async function readDataset(store: ImportStore, job: DatasetImport): Promise<PromptRecord[]> {
  let rows: DatasetRow[];
  try {
    ({ rows } = await parseDatasetFile(await store.blobs.read(job.upload.object_key), {
      inputType: job.inputType,
    }));
  } catch (error) {
    if (error instanceof DatasetFileError) throw unprocessable(job.upload.filename, error.problems);
    throw error;
  }
  const seen = new Map<string, number>();
  const duplicates: { line: number; reason: string }[] = [];
  const records = rows.map((row): PromptRecord => {
    const id = row.id ?? String(row.line);
    const first = seen.get(id);
    if (first !== undefined)
      duplicates.push({ line: row.line, reason: `id ${id} repeats the id of line ${first}` });
    else seen.set(id, row.line);
    return { id, input: row.input, truth: row.truth, subset: row.subset };
  });
  if (duplicates.length > 0) throw unprocessable(job.upload.filename, duplicates);
  return records;
}

function unprocessable(filename: string, problems: { line: number; reason: string }[]): AppError {
  const details: FieldIssue[] = problems.map((p) => ({
    field: `line ${p.line}`,
    message: p.reason,
  }));
  const listed = problems
    .slice(0, 5)
    .map((p) => `line ${p.line}: ${p.reason}`)
    .join("; ");
  return new AppError(
    "UNPROCESSABLE_CONTENT",
    `${filename} was refused, nothing was imported: ${listed}${problems.length > 5 ? "; …" : ""}`,
    { details },
  );
}
