import { z } from "zod";
import { PathIdSchema } from "./common.ts";

/**
 * `PATCH P` (protocol §4.4, §5.4): the complete set of models and/or benchmarks attached to the
 * project (replace semantics). The original SDK reads the answer two ways, models inside `data`
 * and benchmarks at the top level, so the project id is in both places.
 */
const AttachedIdsSchema = z.array(PathIdSchema).max(10_000);

export const UpdateProjectBodySchema = z
  .strictObject({
    models: AttachedIdsSchema.optional(),
    datasets: AttachedIdsSchema.optional(),
  })
  .refine((b) => b.models !== undefined || b.datasets !== undefined, "give models or datasets")
  // The document says it too, so generated bodies are not refused for being empty.
  .meta({ minProperties: 1 });
export type UpdateProjectBody = z.infer<typeof UpdateProjectBodySchema>;

export const ProjectAttachmentsSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    models: z.array(z.string()),
    datasets: z.array(z.string()),
  })
  .meta({ id: "ProjectAttachments" });
export type ProjectAttachments = z.infer<typeof ProjectAttachmentsSchema>;

export const UpdateProjectResponseSchema = z.object({
  status: z.literal("success"),
  id: z.string(),
  data: ProjectAttachmentsSchema,
});
export type UpdateProjectResponse = z.infer<typeof UpdateProjectResponseSchema>;
