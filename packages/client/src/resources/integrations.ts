import {
  type Integration,
  type IntegrationDelivery,
  type RouteInput,
  routes,
} from "@assay/protocol";
import type { RouteOutput } from "../core/api-client.ts";
import type { RequestOptions } from "../core/client-options.ts";
import { clampPageSize, type Pagination, pagination } from "./pagination.ts";
import { type IdRef, idOf } from "./refs.ts";
import { APIResource } from "./resource.ts";

/** What `create()` takes: `name`, `type`, `host_url`, and optionally events, projects, active. */
export type CreateIntegrationInput = RouteInput<typeof routes.createIntegration, "body">;
/** What `update()` takes: the fields to change, at least one; lists replace the old ones. */
export type UpdateIntegrationInput = RouteInput<typeof routes.updateIntegration, "body">;
/** What `create()` answers: the integration and its signing secret, shown this once. */
export type CreatedIntegration = RouteOutput<typeof routes.createIntegration>["data"];
/** Whether the receiver acknowledged the test event, and what it (or the network) said. */
export type IntegrationTestResult = RouteOutput<typeof routes.testIntegration>["data"];
export type DeleteIntegrationResult = RouteOutput<typeof routes.deleteIntegration>["data"];

/** Paging of `integrations.getMany()` and `integrations.deliveries()`. */
export interface IntegrationPageParams {
  /** 1-based; default 1. */
  page?: number | undefined;
  /** Clamped to 1…500; default 100 for integrations, 50 for deliveries. */
  pageSize?: number | undefined;
}

/**
 * The organization's integrations. The server answers a bare list (an organization has at most
 * 100, so one page holds them all); as in the original client, `count` and `totalCount` are its
 * length.
 */
export interface IntegrationPage {
  integrations: Integration[];
  count: number;
  totalCount: number;
}

export interface IntegrationDeliveryPage {
  /** Newest attempt first. */
  deliveries: IntegrationDelivery[];
  /** Attempts on this page. */
  count: number;
  /** Attempts on all pages. */
  totalCount: number;
  pagination: Pagination;
}

const DEFAULT_DELIVERY_PAGE_SIZE = 50;

const integrationId = (integration: IdRef) => ({
  integration_id: idOf(integration, "integration", "Integration"),
});

/**
 * `client.integrations`: the organization's outbound notifications. When a run of the
 * organization ends, every active integration that wants the event is sent a signed JSON body (a
 * webhook) or a message (Slack), retried with backoff for a day; each attempt is in its delivery
 * log. `getMany`, `get` and `test` are the original client's; the others are Assay extensions.
 */
export class Integrations extends APIResource {
  /** The organization's integrations (a page of them; all fit on the first). */
  async getMany(
    params: IntegrationPageParams = {},
    options?: RequestOptions,
  ): Promise<IntegrationPage> {
    const { data } = await this.client.request(
      routes.listIntegrations,
      { query: { page: params.page ?? 1, page_size: clampPageSize(params.pageSize) } },
      options,
    );
    return { integrations: data, count: data.length, totalCount: data.length };
  }

  /** The integration; an unknown id raises `NotFoundError`. */
  async get(integration: IdRef, options?: RequestOptions): Promise<Integration> {
    const { data } = await this.client.request(
      routes.getIntegration,
      { params: integrationId(integration) },
      options,
    );
    return data;
  }

  /**
   * Sends a real, signed test event now (never retried) and answers `{ success, message }`:
   * whether the receiver acknowledged it with a 2xx, and what it or the network said. A refused
   * delivery is an answer, not an error; the attempt is in the delivery log either way.
   */
  async test(integration: IdRef, options?: RequestOptions): Promise<IntegrationTestResult> {
    const { data } = await this.client.request(
      routes.testIntegration,
      { params: integrationId(integration), body: {} },
      options,
    );
    return data;
  }

  /**
   * Creates an integration and answers it with `secret`, the key its deliveries are signed with:
   * keep it now, it is never shown again. A name already taken raises `ConflictError`.
   */
  async create(
    body: CreateIntegrationInput,
    options?: RequestOptions,
  ): Promise<CreatedIntegration> {
    const { data } = await this.client.request(routes.createIntegration, { body }, options);
    return data;
  }

  /** Changes the given fields (the secret stays) and answers the integration. */
  async update(
    integration: IdRef,
    body: UpdateIntegrationInput,
    options?: RequestOptions,
  ): Promise<Integration> {
    const { data } = await this.client.request(
      routes.updateIntegration,
      { params: integrationId(integration), body },
      options,
    );
    return data;
  }

  /**
   * Deletes the integration with its delivery log (deliveries not yet made are dropped); answers
   * `{ organization_id, id }`.
   */
  async delete(integration: IdRef, options?: RequestOptions): Promise<DeleteIntegrationResult> {
    const { data } = await this.client.request(
      routes.deleteIntegration,
      { params: integrationId(integration) },
      options,
    );
    return data;
  }

  /**
   * One page of the integration's delivery log, newest attempt first: each attempt's outcome,
   * the receiver's status and answer, its latency, and when the event is tried again.
   */
  async deliveries(
    integration: IdRef,
    params: IntegrationPageParams = {},
    options?: RequestOptions,
  ): Promise<IntegrationDeliveryPage> {
    const page = params.page ?? 1;
    const pageSize = clampPageSize(params.pageSize ?? DEFAULT_DELIVERY_PAGE_SIZE);
    const { data } = await this.client.request(
      routes.listIntegrationDeliveries,
      { params: integrationId(integration), query: { page, page_size: pageSize } },
      options,
    );
    return {
      deliveries: data.deliveries,
      count: data.count,
      totalCount: data.total_count,
      pagination: pagination(page, pageSize, data.total_count),
    };
  }
}
