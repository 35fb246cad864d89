import { z } from "zod";
import { ErrorBodySchema } from "./errors.ts";
import { pathParamNames, type Route } from "./route.ts";

type JsonSchema = Record<string, unknown>;

/**
 * Builds the OpenAPI 3.1 document from the route table. Schemas carrying a `meta({ id })` become
 * shared components; everything else is inlined where it is used.
 */
export function buildOpenApiDocument(options: {
  routes: readonly Route[];
  version: string;
  prefix: string;
}): JsonSchema {
  const components: Record<string, JsonSchema> = {};
  const convert = (schema: z.ZodType, io: "input" | "output"): JsonSchema => {
    const json = z.toJSONSchema(schema, {
      target: "draft-2020-12",
      io,
      unrepresentable: "any",
    }) as JsonSchema;
    const {
      $defs,
      $schema: _,
      ...rest
    } = json as JsonSchema & {
      $defs?: Record<string, JsonSchema>;
    };
    for (const [name, def] of Object.entries($defs ?? {})) components[name] = rewriteRefs(def);
    return rewriteRefs(rest);
  };

  const paths: Record<string, Record<string, unknown>> = {};
  const errorRef = { $ref: "#/components/schemas/ErrorBody" };
  convert(ErrorBodySchema, "output");
  const errorResponse = (description: string) => ({
    description,
    content: { "application/json": { schema: errorRef } },
  });

  for (const route of options.routes) {
    const parameters: unknown[] = [];
    const paramShape = route.params?.shape ?? {};
    for (const name of pathParamNames(route.path)) {
      const schema = paramShape[name] as z.ZodType | undefined;
      parameters.push({
        name,
        in: "path",
        required: true,
        schema: schema ? convert(schema, "input") : { type: "string" },
      });
    }
    for (const [name, schema] of Object.entries(route.query?.shape ?? {})) {
      const s = schema as z.ZodType;
      parameters.push({
        name,
        in: "query",
        required: !s.safeParse(undefined).success,
        schema: convert(s, "input"),
      });
    }

    const responses: Record<string, unknown> = {
      [String(route.status)]: {
        description: "Success",
        content:
          route.responseKind === "event-stream"
            ? {
                // OpenAPI 3.1 cannot describe a stream: the schema is that of each event's `data`.
                "text/event-stream": { schema: convert(route.response, "output") },
              }
            : { "application/json": { schema: convert(route.response, "output") } },
      },
    };
    if (route.params || route.query || route.body) {
      responses["400"] = errorResponse("The request is invalid; `details` names each field");
    }
    if (route.auth === "apiKey") {
      responses["401"] = errorResponse("Missing, unknown or revoked API key");
      responses["429"] = errorResponse("Rate limited; `Retry-After` gives seconds to wait");
    }
    if (route.auth === "signedUrl") {
      responses["403"] = errorResponse(
        "Tampered or expired URL, or a Content-Type other than announced",
      );
      responses["413"] = errorResponse("Body larger than the announced size");
    }
    if (route.path.includes("{")) responses["404"] = errorResponse("Not found");
    responses["500"] = errorResponse("Internal error (no details are disclosed)");

    const operation: Record<string, unknown> = {
      operationId: route.operationId,
      summary: route.summary,
      tags: [route.tag],
      security: route.auth === "apiKey" ? [{ apiKey: [] }, { bearer: [] }] : [],
      parameters,
      responses,
    };
    if (route.body && route.bodyKind === "json") {
      operation.requestBody = {
        required: true,
        content: { "application/json": { schema: convert(route.body, "input") } },
      };
    } else if (route.bodyKind === "binary") {
      operation.requestBody = {
        required: true,
        content: {
          "*/*": { schema: { type: "string", contentMediaType: "application/octet-stream" } },
        },
      };
    }
    paths[route.path] ??= {};
    (paths[route.path] as Record<string, unknown>)[route.method.toLowerCase()] = operation;
  }

  return {
    openapi: "3.1.0",
    info: {
      title: "Assay API",
      version: options.version,
      description:
        "Self-hosted evaluation service for AI models. Wire-compatible with the LayerLens Stratix API v1.",
    },
    servers: [{ url: options.prefix }],
    security: [{ apiKey: [] }, { bearer: [] }],
    paths,
    components: {
      schemas: sortKeys(components),
      securitySchemes: {
        apiKey: { type: "apiKey", in: "header", name: "x-api-key" },
        bearer: { type: "http", scheme: "bearer" },
      },
    },
  };
}

function rewriteRefs<T>(value: T): T {
  if (Array.isArray(value)) return value.map(rewriteRefs) as T;
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] =
        k === "$ref" && typeof v === "string"
          ? v.replace("#/$defs/", "#/components/schemas/")
          : rewriteRefs(v);
    }
    return out as T;
  }
  return value;
}

function sortKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}
