// Facts about uploaded files that need no schema. Also an entry point of its own
// (`@assay/protocol/files`), so code that only handles files (the server's import threads)
// loads these without the zod schemas of the whole protocol (~15 MB per thread).

/** Upload limit shared by clients (checked before sending) and the server: 50 MiB. */
export const MAX_UPLOAD_BYTES = 52_428_800;

/** The media type without parameters, lower-cased: `Application/JSON; charset=utf-8` → `application/json`. */
export function baseContentType(value: string): string {
  return (value.split(";")[0] ?? "").trim().toLowerCase();
}
