import react from "@vitejs/plugin-react";
import { defaultClientConditions, defineConfig } from "vite";

// Workspace packages (@assay/client, @assay/protocol) are bundled from their TypeScript sources:
// the "@assay/source" export condition, as everywhere else in the repository.
export default defineConfig({
  root: import.meta.dirname,
  base: "/ui/",
  plugins: [react()],
  resolve: { conditions: ["@assay/source", ...defaultClientConditions] },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // Vite warns past 500 kB before compression; the budget that matters is the 250 kB of
    // gzip for the first load (153 kB today: React, TanStack Query/Router, the SDK and zod).
    chunkSizeWarningLimit: 700,
    // dist/.vite/manifest.json: what the entry loads at once and what it loads lazily, read by
    // bench/dashboard-budgets.ts to weigh the first load (the server does not serve it).
    manifest: true,
  },
});
