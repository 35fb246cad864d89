import { z } from "zod";
import { MAX_ID_CHARS, MAX_INPUT_BYTES, MAX_SUBSET_CHARS } from "./limits.ts";

/** What `input` must be; absent means a non-empty string or a list of chat messages. */
export type DatasetInputType = "messages" | "json_payload";

export const CHAT_ROLES = ["system", "user", "assistant", "tool", "developer"] as const;

/** One valid row; `line` is its 1-based line (JSONL) or item (JSON array) number. */
export interface DatasetRow {
  id?: string;
  input: string | Record<string, unknown> | Array<Record<string, unknown>>;
  truth: string;
  subset?: string;
  line: number;
}

export type RowResult = { ok: true; row: DatasetRow } | { ok: false; reason: string };

// Every message below follows the field's path in a reason: "truth is missing",
// "input[1].role must be one of …". Zod's default messages are not used.

const mustBe = (expected: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? "is missing" : `must be ${expected}`;

const notBlank = (text: string) => text.trim() !== "";

type JsonType = "string" | "number" | "boolean" | "null" | "array" | "object";

function jsonTypeOf(value: unknown): JsonType {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  // JSON.parse produces no other typeof results.
  return typeof value as JsonType;
}

/**
 * A value with several allowed JSON shapes, validated by the branch for its type. A zod union
 * would report one `invalid_union` carrying every branch's issues; picking the branch first keeps
 * the precise issue ("input[1].role must be one of …").
 */
function byJsonType(branches: Partial<Record<JsonType, z.ZodType>>, wrongType: string) {
  return z.unknown().superRefine((value, ctx) => {
    const branch = value === undefined ? undefined : branches[jsonTypeOf(value)];
    if (!branch) {
      ctx.addIssue({ code: "custom", message: value === undefined ? "is missing" : wrongType });
      return;
    }
    for (const issue of branch.safeParse(value).error?.issues ?? []) {
      ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
    }
  });
}

const ContentPartSchema = z.looseObject(
  { type: z.string({ error: mustBe("a string") }) },
  { error: "must be a content part object" },
);

const ChatMessageSchema = z.looseObject(
  {
    role: z.enum(CHAT_ROLES, { error: mustBe(`one of ${CHAT_ROLES.join(", ")}`) }),
    content: byJsonType(
      { string: z.string(), array: z.array(ContentPartSchema) },
      "must be a string or a list of content parts",
    ),
  },
  { error: "must be a chat message object" },
);

const MessagesSchema = z.array(ChatMessageSchema).min(1, "has no messages");
const TextSchema = z.string().refine(notBlank, "is empty");
const JsonObjectSchema = z.record(z.string(), z.unknown());

function inputSchema(
  branches: Partial<Record<JsonType, z.ZodType>>,
  wrongType: string,
  normalize: (input: unknown) => unknown = (input) => input,
) {
  return byJsonType(branches, wrongType)
    .transform(normalize)
    .refine(
      (input) => Buffer.byteLength(JSON.stringify(input)) <= MAX_INPUT_BYTES,
      // Only a well-typed input is measured (the refinement would otherwise run after a type issue).
      { message: "is larger than 256 KiB", when: (payload) => payload.issues.length === 0 },
    );
}

const InputSchemas = {
  any: inputSchema(
    { string: TextSchema, array: MessagesSchema },
    "must be a string or a list of chat messages",
  ),
  // A plain string is one user message: the original client's own sample uploads such rows.
  messages: inputSchema(
    { string: TextSchema, array: MessagesSchema },
    "must be a string or a list of chat messages (input_type messages)",
    (input) => (typeof input === "string" ? [{ role: "user", content: input }] : input),
  ),
  json_payload: inputSchema(
    { object: JsonObjectSchema },
    "must be a JSON object (input_type json_payload)",
  ),
};

/** Hand-written JSONL often says `"truth": 18`; a number or boolean becomes its string form. */
const TruthSchema = z
  .union([z.string(), z.number(), z.boolean()], { error: mustBe("a string") })
  .transform(String)
  .refine(notBlank, "is empty");

const IdSchema = z
  .union([z.string(), z.number()], { error: mustBe("a string or a number") })
  .transform(String)
  .pipe(
    z
      .string()
      .max(MAX_ID_CHARS, `is longer than ${MAX_ID_CHARS} characters`)
      .refine(notBlank, "is empty"),
  );

const SubsetSchema = z
  .string({ error: mustBe("a string") })
  .max(MAX_SUBSET_CHARS, `is longer than ${MAX_SUBSET_CHARS} characters`)
  .refine(notBlank, "is empty");

/** Extra keys are ignored; `null` for an optional field means absent (as exports from pandas write). */
function rowSchema(input: z.ZodType) {
  return z.object({
    id: IdSchema.nullish(),
    input,
    truth: TruthSchema,
    subset: SubsetSchema.nullish(),
  });
}

const RowSchemas = {
  any: rowSchema(InputSchemas.any),
  messages: rowSchema(InputSchemas.messages),
  json_payload: rowSchema(InputSchemas.json_payload),
};

/** `a.b[1].c`; an issue on the row itself has no path. */
function toPath(path: readonly PropertyKey[]): string {
  let text = "";
  for (const key of path) {
    text += typeof key === "number" ? `[${key}]` : `${text === "" ? "" : "."}${String(key)}`;
  }
  return text === "" ? "row" : text;
}

/** Validates one parsed JSON object as a row; the reason names the first problem found. */
export function validateRow(
  value: Record<string, unknown>,
  inputType: DatasetInputType | undefined,
  line: number,
): RowResult {
  const result = RowSchemas[inputType ?? "any"].safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    return { ok: false, reason: `${toPath(issue.path)} ${issue.message}` };
  }
  const { id, input, truth, subset } = result.data;
  // The input schema checked the shape; its output type is `unknown` only because it branches.
  const row: DatasetRow = { input: input as DatasetRow["input"], truth, line };
  if (id != null) row.id = id;
  if (subset != null) row.subset = subset;
  return { ok: true, row };
}
