/**
 * A judge, trace or trace evaluation as methods take it: the object a method returned (anything
 * with an `id`), or the id itself. Passing what `create()` answered saves picking its id apart.
 */
export type IdRef = string | { readonly id: string };

export function idOf(ref: IdRef): string {
  return typeof ref === "string" ? ref : ref.id;
}
