import type { Organization, Project } from "@assay/protocol";
import { untilAborted } from "./abort.ts";

/** The organization and project an API key works in, as `client.init()` resolves them. */
export interface Scope {
  organization: Organization;
  project: Project;
}

/**
 * The key's organization and project, looked up once and shared by a client and all its
 * `withOptions()` views. Concurrent first calls wait for the same lookup; a failed lookup is
 * forgotten so the next call tries again.
 */
export class OrganizationContext {
  #scope: Scope | undefined;
  #pending: Promise<Scope> | undefined;

  get scope(): Scope | undefined {
    return this.#scope;
  }

  /**
   * The scope, running `lookup` unless it is known or under way. `signal` only stops this
   * caller's wait: other callers may be waiting for the same lookup.
   */
  resolve(lookup: () => Promise<Scope>, signal?: AbortSignal): Promise<Scope> {
    if (this.#scope) return Promise.resolve(this.#scope);
    if (!this.#pending) {
      const pending = lookup().then(
        (scope) => {
          this.#scope = scope;
          this.#pending = undefined;
          return scope;
        },
        (error: unknown) => {
          this.#pending = undefined;
          throw error;
        },
      );
      // Every waiter may have given up through its signal; the failure is still theirs, not global.
      pending.catch(() => {});
      this.#pending = pending;
    }
    return untilAborted(this.#pending, signal);
  }
}
