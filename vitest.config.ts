import { defineConfig } from "vitest/config";
import { SOURCE_CONDITION, WORKSPACE_NODE_FLAGS } from "./packages/test-kit/src/workspace-node.ts";

export default defineConfig({
  // Workspace packages resolve to their sources, never to a dist/ a build may have left.
  ssr: { resolve: { conditions: [SOURCE_CONDITION, "node", "development|production"] } },
  test: {
    // bench/*/: the benches' own logic (their verdicts), not bench/peers/node_modules.
    include: ["packages/*/src/**/*.test.ts", "packages/*/test/**/*.test.ts", "bench/*/*.test.ts"],
    // Integration tests start servers, databases and child processes; keep runs bounded.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Also for what the workers' node resolves itself (modules vitest leaves to node).
    execArgv: [...WORKSPACE_NODE_FLAGS],
  },
});
