import { badRequest } from "../../app-error.ts";
import type { UploadRow } from "../../platform/db/schema.ts";
import type { ProjectScope } from "../../tenancy.ts";
import type { UploadService } from "../uploads/service.ts";

/** The benchmark file a request names, uploaded already; 400 on `field` when it is not. */
export async function requireUpload(
  uploads: UploadService,
  scope: ProjectScope,
  field: string,
  filename: string,
): Promise<UploadRow> {
  const upload = await uploads.findUploaded(scope, "benchmark", filename);
  if (!upload)
    throw badRequest(field, `no uploaded file named ${filename}; upload it first (POST …/upload)`);
  return upload;
}
