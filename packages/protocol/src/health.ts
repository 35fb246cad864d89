import { z } from "zod";

/** Answered with 200 when the service and its database are up; 503 (an error body) otherwise. */
export const HealthSchema = z
  .object({
    status: z.literal("ok"),
    database: z.literal("ok"),
    version: z.string(),
  })
  .meta({ id: "Health" });
export type Health = z.infer<typeof HealthSchema>;
