import {
  buildOpenApiDocument,
  DEFAULT_API_PREFIX,
  PROTOCOL_VERSION,
  routes,
} from "../src/index.ts";

/** The exact text of the checked-in openapi.json. */
export function renderOpenApiJson(): string {
  const doc = buildOpenApiDocument({
    routes: Object.values(routes),
    version: PROTOCOL_VERSION,
    prefix: DEFAULT_API_PREFIX,
  });
  return `${JSON.stringify(doc, null, 2)}\n`;
}
