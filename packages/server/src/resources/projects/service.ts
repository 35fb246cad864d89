import type { FieldIssue, ProjectAttachments, UpdateProjectBody } from "@assay/protocol";
import { AppError, notFound } from "../../app-error.ts";
import type { Clock } from "../../platform/clock.ts";
import type { Database } from "../../platform/db/database.ts";
import type { ProjectScope } from "../../tenancy.ts";
import { createOrganizationRepository } from "../organizations/repository.ts";
import { type AttachmentKind, createAttachmentsRepository } from "./attachments-repository.ts";

/**
 * `PATCH P`: the complete sets of attached models and benchmarks (replace semantics). Every id
 * must be attachable (a catalog entry or one of the project's own), else nothing changes.
 */
export function createProjectService(deps: { db: Database; clock: Clock }) {
  return {
    async updateAttachments(
      scope: ProjectScope,
      body: UpdateProjectBody,
    ): Promise<ProjectAttachments> {
      const wanted: [AttachmentKind, "models" | "datasets", string[] | undefined][] = [
        ["models", "models", body.models],
        ["benchmarks", "datasets", body.datasets],
      ];
      return deps.db.transaction().execute(async (trx) => {
        const attachments = createAttachmentsRepository(trx);
        const issues: FieldIssue[] = [];
        for (const [kind, field, ids] of wanted) {
          if (ids === undefined) continue;
          const unique = [...new Set(ids)];
          const known = await attachments.attachable(kind, scope, unique);
          ids.forEach((id, i) => {
            if (!known.has(id))
              issues.push({
                field: `body.${field}.${i}`,
                message: `unknown ${kind.slice(0, -1)} id ${id}`,
              });
          });
          if (issues.length === 0)
            await attachments.replace(kind, scope, unique, deps.clock.now().toISOString());
        }
        if (issues.length > 0) {
          throw new AppError(
            "VALIDATION_ERROR",
            issues.map((i) => `${i.field}: ${i.message}`).join("; "),
            {
              details: issues,
            },
          );
        }
        const project = await createOrganizationRepository(trx).findProject(
          scope.organizationId,
          scope.projectId,
        );
        if (!project) throw notFound("project");
        return {
          id: project.id,
          name: project.name,
          models: await attachments.list("models", scope),
          datasets: await attachments.list("benchmarks", scope),
        };
      });
    },
  };
}

export type ProjectService = ReturnType<typeof createProjectService>;
