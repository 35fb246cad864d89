import { checkArray, checkIdRef } from "../core/check-argument.ts";

/**
 * A judge, trace or trace evaluation as methods take it: the object a method returned (anything
 * with an `id`), or the id itself. Passing what `create()` answered saves picking its id apart.
 */
export type IdRef = string | { readonly id: string };

/**
 * The id of `ref`, the parameter `name` of a method taking a `kind` (e.g. "Judge") or its id;
 * anything else (undefined, a number, …) raises a `TypeError` saying so, before any request.
 */
export function idOf(ref: IdRef, name: string, kind: string): string {
  const article = /^[AEIOU]/.test(kind) ? "an" : "a";
  return checkIdRef(ref, name, `${article} ${kind} object or its id`);
}

/** The ids of `refs`, each checked as `name[i]`. */
export function idsOf(refs: readonly IdRef[], name: string, kind: string): string[] {
  const checked = checkArray(refs, name, `an array of ${kind} objects or ids`);
  return checked.map((ref, i) => idOf(ref, `${name}[${i}]`, kind));
}
