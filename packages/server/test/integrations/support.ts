import type { Integration, IntegrationDelivery } from "@assay/protocol";
import type { Tenant } from "@assay/test-kit/evaluation-fixtures.ts";
import type { TestService } from "@assay/test-kit/test-service.ts";

export const integrationsPath = (tenant: Tenant) => `/organizations/${tenant.org}/integrations`;

/** Creates an integration; answers it with its one-time secret. */
export async function createIntegration(
  service: TestService,
  tenant: Tenant,
  body: Record<string, unknown>,
): Promise<Integration & { secret: string }> {
  const res = await service.call<{ data: Integration & { secret: string } }>(
    "POST",
    integrationsPath(tenant),
    { apiKey: tenant.key, json: { type: "webhook", ...body } },
  );
  if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
  return res.body.data;
}

/** The integration's delivery log, newest attempt first. */
export async function deliveryLog(
  service: TestService,
  tenant: Tenant,
  id: string,
): Promise<IntegrationDelivery[]> {
  const res = await service.call<{ data: { deliveries: IntegrationDelivery[] } }>(
    "GET",
    `${integrationsPath(tenant)}/${id}/deliveries?page_size=500`,
    { apiKey: tenant.key },
  );
  if (res.status !== 200) throw new Error(`${res.status} ${res.text}`);
  return res.body.data.deliveries;
}

/** Waits until the log holds `count` attempts (the outcome of each is recorded by then). */
export async function waitForLog(
  service: TestService,
  tenant: Tenant,
  id: string,
  count: number,
  timeoutMs = 20_000,
): Promise<IntegrationDelivery[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const log = await deliveryLog(service, tenant, id);
    if (log.length >= count) return log;
    if (Date.now() > deadline)
      throw new Error(`the log has ${log.length} attempts, not ${count}: ${JSON.stringify(log)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A new organization with its own key and project (integrations are per organization). */
export async function newTenant(service: TestService, name: string): Promise<Tenant> {
  const created = await service.admin.create({ organization: name });
  return { key: created.key, org: created.organization.id, project: created.project.id };
}
