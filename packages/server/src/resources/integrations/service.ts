import { randomUUID } from "node:crypto";
import {
  type CreateIntegrationBody,
  INTEGRATION_EVENT_TYPES,
  INTEGRATION_TEST_EVENT,
  type Integration,
  type IntegrationDelivery,
  type IntegrationEvent,
  type IntegrationType,
  type ListIntegrationDeliveriesQuery,
  type ListIntegrationsQuery,
  MAX_INTEGRATIONS_PER_ORGANIZATION,
  SIGNATURE_HEADER,
  type UpdateIntegrationBody,
} from "@assay/protocol";
import type { Dispatcher } from "undici";
import { AppError, badRequest, notFound } from "../../app-error.ts";
import type { Clock } from "../../platform/clock.ts";
import type { SecretBox } from "../../platform/crypto/secret-box.ts";
import type { Database } from "../../platform/db/database.ts";
import type { IntegrationAttemptRow, IntegrationRow } from "../../platform/db/schema.ts";
import { isUniqueViolation } from "../../platform/db/unique-violation.ts";
import { ModelUrlError } from "../../platform/ssrf/model-url.ts";
import type { AuthContext } from "../../tenancy.ts";
import { authorOf } from "../judges/author.ts";
import { createOutboxRepository } from "./outbox-repository.ts";
import { createIntegrationRepository } from "./repository.ts";
import { type SendResult, sendEvent } from "./sender.ts";
import { generateSigningSecret } from "./signature.ts";

export interface IntegrationServiceDeps {
  db: Database;
  clock: Clock;
  secrets: SecretBox;
  /** The outbound URL policy at create time (throws ModelUrlError), the models' own. */
  checkUrl(url: string): Promise<void>;
  /** The SSRF-guarded dispatcher test events are sent through. */
  dispatcher: Dispatcher;
  timeoutMs: number;
  publicUrl: string | undefined;
}

/**
 * Integrations of an organization (protocol §13.2 and its extensions). The signing secret is made
 * here, answered once by `create`, and kept sealed; `test` sends a real signed event now and says
 * what the receiver answered. Deliveries of run events are the workers' (delivery-worker.ts).
 */
export function createIntegrationService(deps: IntegrationServiceDeps) {
  const repo = createIntegrationRepository(deps.db);
  const outbox = createOutboxRepository(deps.db);
  const now = () => deps.clock.now().toISOString();

  /** The org in the path must be the caller's: any other answers 404, as for a foreign id. */
  function organizationOf(auth: AuthContext, organizationId: string): string {
    if (organizationId !== auth.organizationId) throw notFound("organization");
    return organizationId;
  }

  async function getRow(auth: AuthContext, organizationId: string, id: string) {
    const row = await repo.find(organizationOf(auth, organizationId), id);
    if (!row) throw notFound("integration");
    return row;
  }

  async function checkHostUrl(url: string) {
    try {
      await deps.checkUrl(url);
    } catch (error) {
      if (error instanceof ModelUrlError)
        throw badRequest("body.host_url", error.message.replace(/^api_url/, "host_url"));
      throw error;
    }
  }

  async function checkProjects(organizationId: string, ids: readonly string[] | undefined) {
    if (!ids) return;
    const known = await repo.projectIds(organizationId, ids);
    const index = ids.findIndex((id) => !known.has(id));
    if (index >= 0) {
      const field = `body.project_ids.${index}`;
      const message = `project ${ids[index]} is not a project of this organization`;
      throw new AppError("UNPROCESSABLE_CONTENT", `${field}: ${message}`, {
        details: [{ field, message }],
      });
    }
  }

  const duplicateName = (name: string) =>
    new AppError("CONFLICT", `an integration named "${name}" already exists`);

  return {
    async list(auth: AuthContext, organizationId: string, query: ListIntegrationsQuery) {
      const rows = await repo.list(organizationOf(auth, organizationId), {
        page: query.page,
        pageSize: query.page_size,
      });
      return rows.map(toIntegration);
    },

    get: async (auth: AuthContext, organizationId: string, id: string) =>
      toIntegration(await getRow(auth, organizationId, id)),

    async create(
      auth: AuthContext,
      organizationId: string,
      body: CreateIntegrationBody,
    ): Promise<Integration & { secret: string }> {
      const org = organizationOf(auth, organizationId);
      await checkHostUrl(body.host_url);
      await checkProjects(org, body.project_ids);
      if ((await repo.findByName(org, body.name)) !== undefined) throw duplicateName(body.name);
      if ((await repo.count(org)) >= MAX_INTEGRATIONS_PER_ORGANIZATION)
        throw new AppError(
          "CONFLICT",
          `an organization has at most ${MAX_INTEGRATIONS_PER_ORGANIZATION} integrations; delete one first`,
        );
      const id = randomUUID();
      const secret = generateSigningSecret();
      const at = now();
      const row: IntegrationRow = {
        id,
        organization_id: org,
        name: body.name,
        type: body.type,
        host_url: body.host_url,
        events: JSON.stringify(body.events ?? INTEGRATION_EVENT_TYPES),
        project_ids: JSON.stringify(body.project_ids ?? []),
        active: body.active === false ? 0 : 1,
        secret: deps.secrets.seal(secret, id),
        secret_last4: secret.slice(-4),
        status: "new",
        created_by: await authorOf(deps.db, auth),
        created_at: at,
        updated_at: at,
      };
      try {
        await repo.insert(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicateName(body.name);
        throw error;
      }
      return { ...toIntegration(row), secret };
    },

    async update(
      auth: AuthContext,
      organizationId: string,
      id: string,
      body: UpdateIntegrationBody,
    ): Promise<Integration> {
      const row = await getRow(auth, organizationId, id);
      if (body.host_url !== undefined) await checkHostUrl(body.host_url);
      await checkProjects(row.organization_id, body.project_ids);
      if (body.name !== undefined && body.name !== row.name) {
        if ((await repo.findByName(row.organization_id, body.name)) !== undefined)
          throw duplicateName(body.name);
      }
      const changes = {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.host_url !== undefined ? { host_url: body.host_url } : {}),
        ...(body.events !== undefined ? { events: JSON.stringify(body.events) } : {}),
        ...(body.project_ids !== undefined
          ? { project_ids: JSON.stringify(body.project_ids) }
          : {}),
        ...(body.active !== undefined ? { active: body.active ? 1 : 0 } : {}),
        updated_at: now(),
      };
      try {
        if (!(await repo.update(row.organization_id, id, changes))) throw notFound("integration");
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicateName(body.name ?? row.name);
        throw error;
      }
      return toIntegration({ ...row, ...changes });
    },

    async delete(auth: AuthContext, organizationId: string, id: string): Promise<void> {
      if (!(await repo.delete(organizationOf(auth, organizationId), id)))
        throw notFound("integration");
    },

    /** Sends a signed test event now, logs the attempt, and says what the receiver answered. */
    async test(
      auth: AuthContext,
      organizationId: string,
      id: string,
    ): Promise<{ success: boolean; message: string }> {
      const row = await getRow(auth, organizationId, id);
      const at = deps.clock.now();
      const event: IntegrationEvent = {
        id: randomUUID(),
        type: INTEGRATION_TEST_EVENT,
        created_at: at.toISOString(),
        organization_id: row.organization_id,
        data: {
          object: "integration",
          id: row.id,
          project_id: null,
          status: "test",
          summary: `Test event for the integration "${row.name}": if you read this, it works.`,
          accuracy: null,
          accuracy_ci95: null,
          counts: {},
          url: deps.publicUrl ? `${deps.publicUrl}/ui/` : null,
        },
      };
      const result = await sendEvent(
        deps.dispatcher,
        {
          type: row.type as IntegrationType,
          hostUrl: row.host_url,
          secret: deps.secrets.open(row.secret, row.id),
        },
        event,
        { timeoutMs: deps.timeoutMs, nowSeconds: Math.floor(at.getTime() / 1000) },
      );
      await outbox.logAttempt(
        {
          integration_id: row.id,
          delivery_id: null,
          event_id: event.id,
          event_type: event.type,
          attempt: 1,
          status: result.ok ? "succeeded" : "failed",
          http_status: result.httpStatus,
          latency_ms: result.latencyMs,
          response_excerpt: result.excerpt,
          error: result.error,
          next_attempt_at: null,
          created_at: now(),
        },
        result.ok ? "ok" : "failing",
      );
      return { success: result.ok, message: testMessage(result) };
    },

    async deliveries(
      auth: AuthContext,
      organizationId: string,
      id: string,
      query: ListIntegrationDeliveriesQuery,
    ): Promise<{ deliveries: IntegrationDelivery[]; count: number; total_count: number }> {
      const row = await getRow(auth, organizationId, id);
      const { rows, total } = await repo.attempts(row.id, {
        page: query.page,
        pageSize: query.page_size,
      });
      const deliveries = rows.map(toDelivery);
      return { deliveries, count: deliveries.length, total_count: total };
    },
  };
}

export type IntegrationService = ReturnType<typeof createIntegrationService>;

/** What `test` answers: the receiver's own words when it answered, the failure otherwise. */
function testMessage(result: SendResult): string {
  if (result.httpStatus === null) return result.error ?? "no answer";
  const said = result.excerpt.trim() === "" ? "" : `: ${result.excerpt.trim()}`;
  const extra = result.error ? ` (${result.error})` : "";
  return `the receiver answered ${result.httpStatus}${extra}${said}`;
}

export function toIntegration(row: IntegrationRow): Integration {
  const projectIds = JSON.parse(row.project_ids) as string[];
  return {
    id: row.id,
    organization_id: row.organization_id,
    name: row.name,
    type: row.type as Integration["type"],
    host_url: row.host_url,
    created_at: row.created_at,
    created_by: row.created_by,
    project_id: projectIds.length === 1 ? (projectIds[0] as string) : null,
    status: row.status as Integration["status"],
    active: row.active === 1,
    config: { signature_header: SIGNATURE_HEADER, secret_last4: row.secret_last4 },
    events: JSON.parse(row.events) as Integration["events"],
    project_ids: projectIds,
    updated_at: row.updated_at,
  };
}

function toDelivery(row: IntegrationAttemptRow): IntegrationDelivery {
  return {
    id: row.id,
    integration_id: row.integration_id,
    event_id: row.event_id,
    event_type: row.event_type,
    attempt: row.attempt,
    status: row.status as IntegrationDelivery["status"],
    http_status: row.http_status,
    latency_ms: row.latency_ms,
    response_excerpt: row.response_excerpt,
    error: row.error,
    created_at: row.created_at,
    next_attempt_at: row.next_attempt_at,
  };
}
