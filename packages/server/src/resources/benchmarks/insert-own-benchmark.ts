import { AppError } from "../../app-error.ts";
import type { Database } from "../../platform/db/database.ts";
import type { BenchmarkRow, UploadRow } from "../../platform/db/schema.ts";
import { isUniqueViolation } from "../../platform/db/unique-violation.ts";
import type { ProjectScope } from "../../tenancy.ts";
import { createBenchmarkRepository } from "./repository.ts";

/** An own benchmark's row as its creator fills it; scope and key are added on insert. */
export type OwnBenchmarkRow = Omit<BenchmarkRow, "organization_id" | "project_id" | "key">;

export type UploadedFile = Pick<UploadRow, "filename" | "content_type" | "size" | "object_key">;

/**
 * Stores a project's own benchmark (custom or smart) with its files and what `inTransaction`
 * adds (prompts, scorers, its generation job), all or nothing; 409 when the project already has a
 * benchmark of that name (its key, the name's slug).
 */
export async function insertOwnBenchmark(
  db: Database,
  scope: ProjectScope,
  row: OwnBenchmarkRow,
  uploads: readonly UploadedFile[],
  inTransaction: (trx: Database) => Promise<void>,
): Promise<void> {
  const key = slug(row.name);
  try {
    await db.transaction().execute(async (trx) => {
      const trxRepo = createBenchmarkRepository(trx);
      if (await trxRepo.findOwnByKey(scope, key)) throw duplicateName(row.name);
      await trxRepo.insertOwn(
        { ...row, key, organization_id: scope.organizationId, project_id: scope.projectId },
        uploads.map((u) => ({
          filename: u.filename,
          content_type: u.content_type,
          size: u.size,
          object_key: u.object_key,
        })),
      );
      await inTransaction(trx);
    });
  } catch (error) {
    throw isUniqueViolation(error) ? duplicateName(row.name) : error;
  }
}

/** A benchmark's key: its name in lowercase letters, digits, `.` and `-`. */
export function slug(name: string): string {
  const key = name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, "-")
    .replace(/^[-.]+|[-.]+$/g, "");
  return key === "" ? "benchmark" : key.slice(0, 64);
}

function duplicateName(name: string): AppError {
  return new AppError("CONFLICT", `a benchmark named "${name}" already exists in this project`);
}
