/**
 * Query values as the original SDK sends them (protocol §1.3): a parameter goes out only when it
 * has a value, lists are comma-joined into one parameter, booleans are `"true"`/`"false"`.
 */

export function listParam(values: readonly string[] | undefined): string | undefined {
  return values !== undefined && values.length > 0 ? values.join(",") : undefined;
}

export function textParam(value: string | undefined): string | undefined {
  return value === undefined || value === "" ? undefined : value;
}

export function booleanParam(value: boolean | undefined): "true" | "false" | undefined {
  return value === undefined ? undefined : value ? "true" : "false";
}

export type SortOrder = "asc" | "desc";
