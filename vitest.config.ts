import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["packages/*/src/**/*.test.ts", "packages/*/test/**/*.test.ts"],
    // Integration tests start servers, databases and child processes; keep runs bounded.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
