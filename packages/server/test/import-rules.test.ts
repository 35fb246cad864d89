import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

// The layering the folders promise (packages/server/README.md), checked on every import of the
// sources, so that a newcomer can trust the folder names: the engine knows no HTTP, resources,
// jobs or SQL; the platform knows nothing above it; and no package has an import cycle.

const PACKAGES = resolve(import.meta.dirname, "../..");

/** Relative imports and re-exports, static or dynamic, type-only included. */
const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)"(\.{1,2}\/[^"]+)"/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every source file of every package, with the files it imports (paths from packages/). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const name of readdirSync(PACKAGES)) {
    let files: string[];
    try {
      files = sources(join(PACKAGES, name, "src"));
    } catch {
      continue;
    }
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      const targets = [...text.matchAll(IMPORT)].map((match) =>
        relative(PACKAGES, resolve(dirname(file), match[1] as string)),
      );
      graph.set(relative(PACKAGES, file), targets);
    }
  }
  return graph;
}

/** Groups of files that import each other, directly or not (Tarjan's strongly connected components). */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file) as number);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) as number, low.get(target) as number));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file) as number, index.get(target) as number));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    for (let member = stack.pop(); ; member = stack.pop()) {
      onStack.delete(member as string);
      group.push(member as string);
      if (member === file) break;
    }
    if (group.length > 1) found.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

/** Imports from files under `from` into files under any of `into`. */
function crossings(graph: Map<string, string[]>, from: string, into: string[]): string[] {
  return [...graph].flatMap(([file, targets]) =>
    file.startsWith(from)
      ? targets
          .filter((target) => into.some((folder) => target.startsWith(folder)))
          .map((target) => `${file} → ${target}`)
      : [],
  );
}

/** Kysely's query builders and its `sql` template: the marks of a file that queries the database. */
const QUERY = /\.(?:selectFrom|insertInto|updateTable|deleteFrom)\s*\(|\bsql\s*(?:<[^`]*?>)?`/;

/** A file whose name says it holds queries; drivers under platform/ keep theirs behind their ports. */
const mayQuery = (file: string) =>
  /(?:^|\/|-)repository\.ts$/.test(file) || file.startsWith("server/src/platform/");

describe("import rules", () => {
  const graph = importGraph();
  const server = "server/src/";

  it("reads the sources of every package", () => {
    expect([...graph.keys()].filter((file) => file.startsWith(server)).length).toBeGreaterThan(300);
    expect(graph.get(`${server}main.ts`)).toContain(`${server}app.ts`);
  });

  it("keeps the engine free of HTTP, resources, jobs and database code", () => {
    const above = ["resources/", "jobs/", "http/", "platform/db/"].map((f) => server + f);
    expect(crossings(graph, `${server}engine/`, above)).toEqual([]);
  });

  it("keeps the platform free of the engine and the resources", () => {
    const above = ["engine/", "resources/", "jobs/", "http/"].map((f) => server + f);
    expect(crossings(graph, `${server}platform/`, above)).toEqual([]);
  });

  it("keeps the catalog free of what serves it", () => {
    const above = ["resources/", "jobs/", "http/"].map((f) => server + f);
    expect(crossings(graph, `${server}catalog/`, above)).toEqual([]);
  });

  it("keeps the resources free of the job handlers (a job's name and payload live beside its service)", () => {
    expect(crossings(graph, `${server}resources/`, [`${server}jobs/`])).toEqual([]);
  });

  it("keeps SQL in repositories: only *-repository.ts files (and platform drivers) query the database", () => {
    const querying = [...graph.keys()].filter(
      (file) =>
        file.startsWith(server) &&
        !mayQuery(file) &&
        QUERY.test(readFileSync(join(PACKAGES, file), "utf8")),
    );
    expect(querying).toEqual([]);
  });

  it("has no import cycle in any package", () => {
    expect(cycles(graph)).toEqual([]);
  });
});
