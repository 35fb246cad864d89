// Regenerates the checked-in OpenAPI document (packages/protocol/openapi.json) from the route table.
// A test fails when the checked-in copy drifts from what this writes: run `npm run openapi`.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { renderOpenApiJson } from "./openapi-file.ts";

const target = fileURLToPath(new URL("../openapi.json", import.meta.url));
writeFileSync(target, renderOpenApiJson());
console.log(`wrote ${target}`);
