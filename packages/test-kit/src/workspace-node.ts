/**
 * The workspace runs its packages' TypeScript sources, while their npm tarballs hold compiled
 * JavaScript: each package.json `exports` entry serves `src/*.ts` under this condition and `dist/`
 * otherwise (packages/client/README.md, "Install" and "Packaging"). So every node this repository
 * starts on its own sources passes the flag below: the `assay` shebang, the npm scripts, vitest's
 * workers (vitest.config.ts) and the child processes tests and benchmarks spawn. Forgetting it
 * fails loudly (`Cannot find module …/dist/index.js`) unless a build left a dist/ behind.
 */
export const SOURCE_CONDITION = "@assay/source";

/** Node's flags for a process of the workspace. */
export const WORKSPACE_NODE_FLAGS: readonly string[] = [`--conditions=${SOURCE_CONDITION}`];
