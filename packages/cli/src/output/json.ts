/** Machine-readable output: one JSON document on stdout, nothing else there. */
export function printJson(value: unknown): void {
  console.log(JSON.stringify(value));
}
