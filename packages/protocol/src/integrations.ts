import { z } from "zod";
import { distinctList, PathIdSchema, pageQuery, TimestampSchema, trimmedString } from "./common.ts";
import { statusData } from "./envelopes.ts";
import { IntervalSchema } from "./evaluations.ts";

/**
 * Integrations (protocol §13.2): an organization's outbound connections. Assay gives them a
 * meaning of its own: when a run of the organization ends, every active integration that wants
 * the event (and whose project filter matches) is sent a signed JSON notification by the workers,
 * retried with backoff for a day. The original client only reads (`get_many`, `get`) and tests;
 * create, update, delete and the delivery log are extensions.
 */

/** `webhook`: any http(s) URL gets the JSON event. `slack`: a Slack incoming webhook gets `{text}`. */
export const INTEGRATION_TYPES = ["webhook", "slack"] as const;
export const IntegrationTypeSchema = z.enum(INTEGRATION_TYPES);
export type IntegrationType = z.infer<typeof IntegrationTypeSchema>;

/**
 * The events an integration may want. `evaluation.finished` is an evaluation that ended in
 * success, `evaluation.failed` one that ended otherwise (failure, timeout, cancelled); the other
 * runs have one event for any end, their `data.status` saying which.
 */
export const INTEGRATION_EVENT_TYPES = [
  "evaluation.finished",
  "evaluation.failed",
  "trace_evaluation.finished",
  "judge_optimization.finished",
  "benchmark_generation.finished",
] as const;
export const IntegrationEventTypeSchema = z.enum(INTEGRATION_EVENT_TYPES);
export type IntegrationEventType = z.infer<typeof IntegrationEventTypeSchema>;

/** What `POST …/{id}/test` sends: never subscribed to, never retried. */
export const INTEGRATION_TEST_EVENT = "integration.test";

/**
 * How an integration's deliveries are going: `new` before its first attempt, `ok` when the last
 * attempt was acknowledged (2xx), `failing` when it was not.
 */
export const INTEGRATION_STATUSES = ["new", "ok", "failing"] as const;
export const IntegrationStatusSchema = z.enum(INTEGRATION_STATUSES);

/** The header that carries the signature: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const SIGNATURE_HEADER = "Assay-Signature";
/** Each delivery's event id, the same on every attempt: receivers deduplicate on it. */
export const EVENT_ID_HEADER = "Assay-Event-Id";
export const EVENT_TYPE_HEADER = "Assay-Event-Type";

/** An organization has at most this many integrations, so one page of the list shows them all. */
export const MAX_INTEGRATIONS_PER_ORGANIZATION = 100;
const MAX_PROJECT_FILTERS = 100;

/** Non-secret settings, shown on every read. */
export const IntegrationConfigSchema = z
  .object({
    /** Which header carries the signature (Slack ignores it; it is sent all the same). */
    signature_header: z.string(),
    /** The last four characters of the signing secret, to tell which secret a receiver holds. */
    secret_last4: z.string(),
  })
  .meta({ id: "IntegrationConfig" });

export const IntegrationSchema = z
  .object({
    id: z.string(),
    organization_id: z.string(),
    name: z.string(),
    type: IntegrationTypeSchema,
    /** Where events are POSTed. */
    host_url: z.string(),
    created_at: TimestampSchema,
    /** The creating API key's display form. */
    created_by: z.string(),
    /** The one project the integration is limited to; null when it has none or several. */
    project_id: z.string().nullable(),
    status: IntegrationStatusSchema,
    /** Inactive integrations keep their settings and log but are sent nothing. */
    active: z.boolean(),
    config: IntegrationConfigSchema,
    /** Extensions. */
    events: z.array(IntegrationEventTypeSchema),
    /** Only runs of these projects notify it; empty means every project of the organization. */
    project_ids: z.array(z.string()),
    updated_at: TimestampSchema,
  })
  .meta({ id: "Integration" });
export type Integration = z.infer<typeof IntegrationSchema>;

export const OrganizationPathSchema = z.object({ organization_id: PathIdSchema });

export const IntegrationPathSchema = z.object({
  organization_id: PathIdSchema,
  integration_id: PathIdSchema,
});

const IntegrationNameSchema = trimmedString(1, 200);
/** http is accepted for receivers inside a network the service is allowed to reach. */
const HostUrlSchema = z.url({ protocol: /^https?$/ }).max(2048);
const EventListSchema = distinctList(
  z.array(IntegrationEventTypeSchema).min(1, "give at least one event"),
  "event",
);
const ProjectFilterSchema = distinctList(z.array(PathIdSchema).max(MAX_PROJECT_FILTERS), "project");

/** Extension `POST /organizations/{org}/integrations`. */
export const CreateIntegrationBodySchema = z.strictObject({
  name: IntegrationNameSchema,
  type: IntegrationTypeSchema,
  host_url: HostUrlSchema,
  /** Every event when not given. */
  events: EventListSchema.optional(),
  project_ids: ProjectFilterSchema.optional(),
  active: z.boolean().optional(),
});
export type CreateIntegrationBody = z.output<typeof CreateIntegrationBodySchema>;

/** Extension `PATCH …/{id}`: the fields to change; `events` and `project_ids` replace the lists. */
export const UpdateIntegrationBodySchema = z
  .strictObject({
    name: IntegrationNameSchema.optional(),
    host_url: HostUrlSchema.optional(),
    events: EventListSchema.optional(),
    project_ids: ProjectFilterSchema.optional(),
    active: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    message: "give at least one of name, host_url, events, project_ids, active",
  })
  .meta({ minProperties: 1 });
export type UpdateIntegrationBody = z.output<typeof UpdateIntegrationBodySchema>;

export const ListIntegrationsQuerySchema = z.object({ ...pageQuery(100, 500) });
export type ListIntegrationsQuery = z.output<typeof ListIntegrationsQuerySchema>;

/** #44: the original client takes the status+data envelope around a bare array (§13.2). */
export const ListIntegrationsResponseSchema = statusData(z.array(IntegrationSchema));

export const IntegrationResponseSchema = statusData(IntegrationSchema);

/**
 * What creating answers: the integration and its signing secret. The secret is shown only here;
 * the service keeps it encrypted and never answers it again.
 */
export const CreateIntegrationResponseSchema = statusData(
  IntegrationSchema.extend({ secret: z.string() }),
);

export const DeleteIntegrationResponseSchema = statusData(
  z.object({ organization_id: z.string(), id: z.string() }),
);

/** `POST …/{id}/test` takes `{}`: the original client always sends it. */
export const TestIntegrationBodySchema = z.strictObject({});

/** Whether the receiver acknowledged the test event (2xx), and what it or the network said. */
export const TestIntegrationResponseSchema = statusData(
  z.object({ success: z.boolean(), message: z.string() }),
);

/** The run a notification is about. */
export const IntegrationEventDataSchema = z
  .object({
    /** `evaluation`, `trace_evaluation`, `judge_optimization`, `benchmark_generation`, or `integration` for a test. */
    object: z.string(),
    /** The run's id (the integration's for a test). */
    id: z.string(),
    project_id: z.string().nullable(),
    /** The run's final status in its own vocabulary (`success`, `failure`, `completed`, …). */
    status: z.string(),
    /** A line a person can read: what ran and how it ended. */
    summary: z.string(),
    /** 0–1; null when the run has none (no graded answers, or a kind without an accuracy). */
    accuracy: z.number().nullable(),
    /** The 95% interval of the accuracy. */
    accuracy_ci95: IntervalSchema.nullable(),
    /** The run's counts, by kind: `total`, `correct`, `errors`, `passed`, `failed`, … */
    counts: z.record(z.string(), z.number().int()),
    /** The run in the dashboard; null when the service's public URL is not configured. */
    url: z.string().nullable(),
  })
  .meta({ id: "IntegrationEventData" });

/** The JSON body a webhook receives (signed; see SIGNATURE_HEADER). */
export const IntegrationEventSchema = z
  .object({
    id: z.string(),
    type: z.string(),
    created_at: TimestampSchema,
    organization_id: z.string(),
    data: IntegrationEventDataSchema,
  })
  .meta({ id: "IntegrationEvent" });
export type IntegrationEvent = z.infer<typeof IntegrationEventSchema>;

/** `succeeded`: acknowledged (2xx); `failed`: not, another attempt follows at `next_attempt_at` unless null. */
export const DELIVERY_ATTEMPT_OUTCOMES = ["succeeded", "failed"] as const;

/** One attempt to deliver one event to the integration. */
export const IntegrationDeliverySchema = z
  .object({
    id: z.string(),
    integration_id: z.string(),
    event_id: z.string(),
    event_type: z.string(),
    /** 1 for the first attempt of the event. */
    attempt: z.number().int(),
    status: z.enum(DELIVERY_ATTEMPT_OUTCOMES),
    /** The receiver's status; null when no answer came (refused address, timeout, network). */
    http_status: z.number().int().nullable(),
    latency_ms: z.number().int(),
    /** The beginning of the receiver's answer. */
    response_excerpt: z.string(),
    /** Why the attempt failed, when no status explains it. */
    error: z.string().nullable(),
    created_at: TimestampSchema,
    /** When the event is tried again; null once delivered, given up, or for a test. */
    next_attempt_at: TimestampSchema.nullable(),
  })
  .meta({ id: "IntegrationDelivery" });
export type IntegrationDelivery = z.infer<typeof IntegrationDeliverySchema>;

export const ListIntegrationDeliveriesQuerySchema = z.object({ ...pageQuery(50, 500) });
export type ListIntegrationDeliveriesQuery = z.output<typeof ListIntegrationDeliveriesQuerySchema>;

/** Extension `GET …/{id}/deliveries`: the delivery log, newest attempt first. */
export const ListIntegrationDeliveriesResponseSchema = statusData(
  z.object({
    deliveries: z.array(IntegrationDeliverySchema),
    count: z.number().int(),
    total_count: z.number().int(),
  }),
);
