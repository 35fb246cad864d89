import { z } from "zod";
import { ERROR_STATUS, ErrorBodySchema, type ErrorCode } from "./errors.ts";
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
                "text/event-stream": { schema: serverSentEvent(convert(route.response, "output")) },
              }
            : { "application/json": { schema: convert(route.response, "output") } },
      },
    };
    for (const code of errorCodesOf(route)) {
      responses[String(ERROR_STATUS[code])] = errorResponse(ERROR_DESCRIPTIONS[code](route));
    }

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
        "Self-hosted evaluation service for AI models. Wire-compatible with the LayerLens Stratix API v1. " +
        "No string of a request (path, query, body, or an object key) may contain a NUL character " +
        "(\\u0000) or a lone UTF-16 surrogate: such a request is refused with 400 naming the field.",
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

/**
 * One event of a server-sent event stream, as OpenAPI 3.2 describes them (and tools such as
 * schemathesis read them): its fields, `data` being JSON text whose value is the route's response.
 */
function serverSentEvent(payload: JsonSchema): JsonSchema {
  return {
    type: "object",
    required: ["event", "data"],
    properties: {
      event: { type: "string" },
      data: { type: "string", contentMediaType: "application/json", contentSchema: payload },
      id: { type: "string" },
      retry: { type: "integer", minimum: 0 },
    },
  };
}

/**
 * Every error a route can answer, so a client (or a fuzzer) finds each status it meets documented:
 * the ones every route of its kind can give, and the ones the route table names for it.
 */
function errorCodesOf(route: Route): Set<ErrorCode> {
  const codes = new Set<ErrorCode>();
  if (route.params || route.query || route.body) codes.add("VALIDATION_ERROR");
  if (route.auth === "apiKey") codes.add("UNAUTHENTICATED");
  if (route.auth === "signedUrl") codes.add("PERMISSION_DENIED").add("PAYLOAD_TOO_LARGE");
  if (route.path.includes("{")) codes.add("NOT_FOUND");
  for (const code of route.errors ?? []) codes.add(code);
  if (route.bodyKind === "json") codes.add("PAYLOAD_TOO_LARGE").add("UNSUPPORTED_MEDIA_TYPE");
  if (route.auth === "apiKey") codes.add("RATE_LIMITED");
  codes.add("INTERNAL").add("SERVICE_UNAVAILABLE");
  return new Set([...codes].sort((a, b) => ERROR_STATUS[a] - ERROR_STATUS[b]));
}

const ERROR_DESCRIPTIONS: Record<ErrorCode, (route: Route) => string> = {
  VALIDATION_ERROR: () => "The request is invalid; `details` names each field",
  UNAUTHENTICATED: () => "Missing, unknown or revoked API key",
  PERMISSION_DENIED: (route) =>
    route.auth === "signedUrl"
      ? "Tampered or expired URL, or a Content-Type other than announced"
      : "Not allowed",
  NOT_FOUND: () => "Not found",
  CONFLICT: () => "A duplicate name or key, or the target's state refuses the request",
  PRECONDITION_FAILED: () => "The target already exists and is not overwritten",
  PAYLOAD_TOO_LARGE: (route) =>
    route.auth === "signedUrl" ? "Body larger than the announced size" : "Body too large",
  UNSUPPORTED_MEDIA_TYPE: () => "A body in a content type other than application/json",
  UNPROCESSABLE_CONTENT: () => "The named content is invalid; the message lists the bad lines",
  RATE_LIMITED: () => "Rate limited; `Retry-After` gives seconds to wait",
  INTERNAL: () => "Internal error (no details are disclosed)",
  SERVICE_UNAVAILABLE: () => "A storage dependency is unavailable; `Retry-After` gives seconds",
};

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
