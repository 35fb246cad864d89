import { z } from "zod";
import { statusData } from "./envelopes.ts";

export const ProjectSchema = z
  .object({
    id: z.string(),
    name: z.string(),
  })
  .meta({ id: "Project" });
export type Project = z.infer<typeof ProjectSchema>;

/**
 * The caller's organization with its projects, the API key's default project first: the original
 * clients scope every later call to `projects[0]`.
 */
export const OrganizationSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    owner_id: z.string().optional(),
    projects: z.array(ProjectSchema),
  })
  .meta({ id: "Organization" });
export type Organization = z.infer<typeof OrganizationSchema>;

export const GetOrganizationResponseSchema = statusData(OrganizationSchema);
export type GetOrganizationResponse = z.infer<typeof GetOrganizationResponseSchema>;
