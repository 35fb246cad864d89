/**
 * The largest functions of the source (tests excluded), by their own lines: a function's lines
 * less those of the functions inside it, so a factory returning ten small methods is not "large"
 * but a 170-line handler is. Its total lines are shown beside. A size check for reviews, as in
 * issue 18's note.
 *   node scripts/largest-functions.ts [count] [folder…]   (default: 5, packages/server/src)
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parseAst } from "rolldown/parseAst";

type Node = { type: string; start: number; end: number; [key: string]: unknown };

const [countArg, ...folders] = process.argv.slice(2);
const count = Number(countArg ?? 5);
const roots = folders.length > 0 ? folders : ["packages/server/src"];

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield path;
  }
}

const FUNCTIONS = new Set(["FunctionDeclaration", "FunctionExpression", "ArrowFunctionExpression"]);
const keyName = (key: unknown) => (key as { name?: string; value?: string })?.name ?? "";

interface Found {
  lines: number;
  own: number;
  where: string;
  name: string;
}

/**
 * Walks the tree; `name` is what the nearest declaration, property or method calls a function,
 * `parent` the function the walk is in (its own lines lose those of each function inside it).
 */
function walk(node: unknown, name: string, parent: Found | undefined, visit: Visit): void {
  if (Array.isArray(node)) {
    for (const child of node) walk(child, name, parent, visit);
    return;
  }
  if (node === null || typeof node !== "object" || !("type" in node)) return;
  const n = node as Node;
  let here = name;
  if (n.type === "VariableDeclarator") here = keyName(n.id);
  else if (n.type === "Property" || n.type === "MethodDefinition") here = keyName(n.key);
  else if (n.type === "FunctionDeclaration" && n.id) here = keyName(n.id);
  let inside = parent;
  if (FUNCTIONS.has(n.type)) {
    inside = visit(n, here || "(anonymous)");
    if (parent) parent.own -= inside.lines;
  }
  for (const [key, child] of Object.entries(n))
    if (key !== "type") walk(child, here, inside, visit);
}
type Visit = (fn: Node, name: string) => Found;

const found: Found[] = [];
for (const root of roots)
  for (const file of sourceFiles(root)) {
    const text = readFileSync(file, "utf8");
    const lineAt = (offset: number) => text.slice(0, offset).split("\n").length;
    const ast = parseAst(text, { lang: file.endsWith("x") ? "tsx" : "ts" }, file);
    walk(ast.body, "", undefined, (fn, name) => {
      const first = lineAt(fn.start);
      const lines = lineAt(fn.end) - first + 1;
      const entry = { lines, own: lines, where: `${relative(process.cwd(), file)}:${first}`, name };
      found.push(entry);
      return entry;
    });
  }
found.sort((a, b) => b.own - a.own);
console.log("  own  total  function");
for (const f of found.slice(0, count))
  console.log(
    `${String(f.own).padStart(5)}  ${String(f.lines).padStart(5)}  ${f.name}  ${f.where}`,
  );
