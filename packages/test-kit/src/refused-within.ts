import type { ErrorBody } from "@assay/protocol";
import { TENANCY_CACHE_MS } from "@assay/server/src/tenancy.ts";
import type { TestResponse, TestService } from "./test-service.ts";

/** What the service promises: a key revoked anywhere is refused everywhere within a second. */
export const REVOCATION_BOUND_MS = 1000;

/**
 * Asks with `apiKey` until the service refuses it, and answers the refusal. Not a timing
 * assertion: it fails only when a request *sent* more than the bound after `revokedAt` (once the
 * revocation was committed) is still let in, which no slowness of the machine can cause (a slow
 * request reaches the server later, and is refused all the more).
 */
export async function refusedWithin(
  service: TestService,
  apiKey: string,
  revokedAt: number,
  path = "/organizations",
): Promise<TestResponse<ErrorBody>> {
  for (;;) {
    const sentAt = performance.now();
    const res = await service.call<ErrorBody>("GET", path, { apiKey });
    if (res.status !== 200) return res;
    if (sentAt - revokedAt > REVOCATION_BOUND_MS) {
      throw new Error(
        `a request sent ${Math.round(sentAt - revokedAt)} ms after the revocation was let in`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, TENANCY_CACHE_MS / 10));
  }
}
