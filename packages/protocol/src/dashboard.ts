import { z } from "zod";

/**
 * The dashboard's own door, beside the API rather than in it: signing in exchanges an API key
 * for an HttpOnly session cookie (`POST`, 204), signing out ends it (`DELETE`, 204).
 */
export const UI_SESSION_PATH = "/ui/session";

export const UiSignInSchema = z.object({ api_key: z.string().trim().min(1).max(512) });
export type UiSignIn = z.infer<typeof UiSignInSchema>;

/**
 * Writes authenticated by the session cookie must carry this header (value `1`): a cross-origin
 * page cannot send it without a CORS preflight, which Assay never grants.
 */
export const REQUEST_MARKER_HEADER = "x-assay-request";
