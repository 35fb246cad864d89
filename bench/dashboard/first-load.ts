// What a browser downloads before the dashboard can draw anything: the entry chunk of index.html
// and the chunks it imports statically (not the pages and Observable Plot it imports with
// `import()`), and their CSS, read from Vite's manifest and weighed gzipped.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export interface Asset {
  file: string;
  bytes: number;
  /** gzip at level 6: zlib's and gzip's default, what nginx, Caddy and most proxies use. */
  gzip6: number;
  /** gzip -9, the most a server could squeeze out. */
  gzip9: number;
}

export interface FirstLoad {
  js: Asset[];
  css: Asset[];
  /** The chunks loaded on first use of a page (for the report, not the budget). */
  lazyJs: Asset[];
}

export function measureFirstLoad(distDir: string): FirstLoad {
  const manifest = JSON.parse(
    readFileSync(join(distDir, ".vite", "manifest.json"), "utf8"),
  ) as Record<string, ManifestChunk>;
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry in the manifest, found ${entries}`);

  const initial = new Set<string>();
  const visit = (key: string) => {
    if (initial.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest names ${key} but has no such chunk`);
    initial.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit((entries[0] as [string, ManifestChunk])[0]);

  const chunks = [...initial].map((key) => manifest[key] as ManifestChunk);
  const js = chunks.map((chunk) => chunk.file);
  const css = chunks.flatMap((chunk) => chunk.css ?? []);
  checkAgainstShell(distDir, [...js, ...css]);
  const lazyJs = Object.values(manifest)
    .map((chunk) => chunk.file)
    .filter((file) => !js.includes(file));

  const weigh = (file: string): Asset => {
    const content = readFileSync(join(distDir, file));
    return {
      file,
      bytes: content.length,
      gzip6: gzipSync(content, { level: 6 }).length,
      gzip9: gzipSync(content, { level: 9 }).length,
    };
  };
  return { js: js.map(weigh), css: css.map(weigh), lazyJs: lazyJs.map(weigh) };
}

/**
 * The shell must load exactly these files at once (script, modulepreload, stylesheet): if Vite
 * ever preloads something the manifest walk missed, the figure would be wrong, not just low.
 */
function checkAgainstShell(distDir: string, files: string[]): void {
  const shell = readFileSync(join(distDir, "index.html"), "utf8");
  const loaded = [...shell.matchAll(/(?:src|href)="\/ui\/(assets\/[^"]+)"/g)].map((m) => m[1]);
  const expected = [...files].sort().join(", ");
  const actual = loaded.sort().join(", ");
  if (actual !== expected) {
    throw new Error(`index.html loads ${actual}, the manifest walk found ${expected}`);
  }
}

export const sum = (assets: Asset[], key: "bytes" | "gzip6" | "gzip9") =>
  assets.reduce((total, asset) => total + asset[key], 0);
