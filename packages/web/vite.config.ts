import react from "@vitejs/plugin-react";
import { defaultClientConditions, defineConfig } from "vite";

// Workspace packages (@assay/client, @assay/protocol) are bundled from their TypeScript sources:
// the "@assay/source" export condition, as everywhere else in the repository.
export default defineConfig({
  root: import.meta.dirname,
  base: "/ui/",
  plugins: [react()],
  resolve: { conditions: ["@assay/source", ...defaultClientConditions] },
  build: { outDir: "dist", emptyOutDir: true },
});
