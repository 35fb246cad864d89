#!/usr/bin/env -S MALLOC_ARENA_MAX=2 node --conditions=@assay/source --max-semi-space-size=16 --heap-growing-percent=100
// Node.js 24 runs the TypeScript sources directly (type stripping): no build step. The
// @assay/source condition makes the workspace packages (@assay/protocol, @assay/client, …) resolve
// to their src/ rather than the dist/ only their npm tarballs hold (packages/client/README.md).
//
// The two V8 flags bound the service's memory without costing throughput (measured by
// `npm run bench:eval -- --no-grid --big`: 50,000 samples at 256 in flight peak at ~225 MB instead
// of ~420 MB). On a machine with plenty of RAM, Node's defaults let the young generation grow to
// 128 MB and the old one to four times its live data between full collections; the service keeps
// little live data but allocates fast, so those defaults mostly hold garbage. MALLOC_ARENA_MAX=2
// keeps glibc from giving each thread (libuv's pool writes uploads to disk) its own arena, whose
// freed pages stay resident: ~10 MB less after a 50 MB upload (`npm run bench:traces`). All of
// them only take effect when node starts, hence the shebang: run this file itself
// (`packages/cli/bin/assay.js serve`), as scripts/start.sh and `npm start` do.
//
// The compile cache (V8 code and stripped TypeScript, kept in the OS temp dir, checked against
// each file's contents) halves the start-up of client commands after the first run
// (`npm run bench:cli`). It must be on before the first module of ours loads, hence the dynamic
// import. Worker threads (imports, PDFs) load their modules afresh and use the cache only when
// NODE_COMPILE_CACHE names it; without it each thread loaded Node's TypeScript stripper, a
// WebAssembly module of ~13 MB, to strip files the cache already held.
import { enableCompileCache } from "node:module";

const { directory } = enableCompileCache();
if (directory) process.env.NODE_COMPILE_CACHE = directory;
await import("../src/main.ts");
