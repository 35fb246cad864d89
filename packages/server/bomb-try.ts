import { readFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { extractPdfText } from "./src/engine/documents/extract-pdf.ts";
const bytes = new Uint8Array(readFileSync(process.argv[2]!));
const h = monitorEventLoopDelay({ resolution: 5 }); h.enable();
let peak = 0; const iv = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 50);
const t = performance.now();
try { const text = await extractPdfText("x.pdf", bytes); console.log("text", text.length); } catch (e) { console.log("error", (e as Error).message); }
clearInterval(iv); h.disable();
console.log(`${(performance.now() - t).toFixed(0)} ms`, `max loop delay ${(h.max / 1e6).toFixed(0)} ms`, `peak rss ${(peak / 1e6).toFixed(0)} MB`);
