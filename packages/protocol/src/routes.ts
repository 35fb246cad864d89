import { z } from "zod";
import { ProjectPathSchema } from "./common.ts";
import { statusData } from "./envelopes.ts";
import { HealthSchema } from "./health.ts";
import { GetOrganizationResponseSchema } from "./organizations.ts";
import { defineRoute, type Route } from "./route.ts";
import {
  CreateBenchmarkUploadBodySchema,
  CreateTraceUploadBodySchema,
  CreateUploadResponseSchema,
} from "./uploads.ts";

/**
 * The route table of the HTTP API (paths relative to the API prefix, normally `/api/v1`). Numbers
 * in comments refer to the route table of the wire protocol (§14); routes without one are Assay
 * extensions.
 */
export const routes = {
  /** #1: the key's organization, its default project first. */
  getOrganization: defineRoute({
    operationId: "organizations.get",
    method: "GET",
    path: "/organizations",
    summary: "The organization of the calling API key, with its projects (default project first)",
    tag: "organizations",
    auth: "apiKey",
    response: GetOrganizationResponseSchema,
  }),

  /** #11: a presigned URL for a benchmark file (custom dataset or smart-benchmark document). */
  createBenchmarkUpload: defineRoute({
    operationId: "uploads.createBenchmarkUpload",
    method: "POST",
    path: "/organizations/{organization_id}/projects/{project_id}/upload",
    summary: "Get a presigned URL to upload a benchmark file",
    tag: "uploads",
    auth: "apiKey",
    params: ProjectPathSchema,
    body: CreateBenchmarkUploadBodySchema,
    response: CreateUploadResponseSchema,
  }),

  /** #25: a presigned URL for a trace file (JSON or JSONL). */
  createTraceUpload: defineRoute({
    operationId: "uploads.createTraceUpload",
    method: "POST",
    path: "/organizations/{organization_id}/projects/{project_id}/traces/upload",
    summary: "Get a presigned URL to upload a trace file",
    tag: "uploads",
    auth: "apiKey",
    params: ProjectPathSchema,
    body: CreateTraceUploadBodySchema,
    response: CreateUploadResponseSchema,
  }),

  /** #12 (local blob storage): the target of presigned URLs; authorized by the URL's signature. */
  putBlob: defineRoute({
    operationId: "blobs.put",
    method: "PUT",
    path: "/blobs/{token}",
    summary: "Upload a file to a presigned URL (local blob storage)",
    tag: "uploads",
    auth: "signedUrl",
    params: z.object({ token: z.string().min(1).max(4096) }),
    bodyKind: "binary",
    response: statusData(z.object({ size: z.number().int() })),
  }),

  health: defineRoute({
    operationId: "meta.health",
    method: "GET",
    path: "/health",
    summary: "Liveness and database reachability",
    tag: "meta",
    auth: "none",
    response: HealthSchema,
  }),

  openapi: defineRoute({
    operationId: "meta.openapi",
    method: "GET",
    path: "/openapi.json",
    summary: "This OpenAPI 3.1 document",
    tag: "meta",
    auth: "none",
    response: z.record(z.string(), z.unknown()),
  }),
} satisfies Record<string, Route>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
