// Where a process spent its CPU: self time per function and per file of a V8 `.cpuprofile`
// (node --cpu-prof), optionally only between two monotonic timestamps (µs).
import { readFileSync } from "node:fs";
import { relative } from "node:path";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const IDLE = new Set(["(idle)", "(root)"]);

export function summarizeProfile(
  file: string,
  window?: { fromUs: number; toUs: number },
  top = 25,
): string {
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const selfUs = new Map<number, number>();
  // Long tasks: runs of consecutive busy samples (no idle sample between them).
  const tasks: { us: number; frames: Map<string, number> }[] = [];
  let task: { us: number; frames: Map<string, number> } | undefined;
  let t = profile.startTime;
  let windowUs = 0;
  for (let i = 0; i < profile.samples.length; i += 1) {
    const delta = profile.timeDeltas[i] ?? 0;
    t += delta;
    if (window && (t < window.fromUs || t > window.toUs)) continue;
    windowUs += delta;
    const id = profile.samples[i] as number;
    selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
    const name = byId.get(id)?.callFrame.functionName ?? "";
    if (IDLE.has(name)) {
      if (task) tasks.push(task);
      task = undefined;
      continue;
    }
    task ??= { us: 0, frames: new Map() };
    task.us += delta;
    // Our own functions on the stack: what the task was doing.
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (!frame?.url.includes("/packages/")) continue;
      const label = `${frame.functionName || "(anonymous)"} ${shortUrl(frame.url)}:${frame.lineNumber + 1}`;
      if (seen.has(label)) continue;
      seen.add(label);
      task.frames.set(label, (task.frames.get(label) ?? 0) + delta);
    }
  }
  if (task) tasks.push(task);

  const functions = new Map<string, number>();
  const files = new Map<string, number>();
  let busyUs = 0;
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)?.callFrame;
    if (!frame || IDLE.has(frame.functionName)) continue;
    busyUs += us;
    const where = shortUrl(frame.url);
    const name = `${frame.functionName || "(anonymous)"}  ${where}${where ? `:${frame.lineNumber + 1}` : ""}`;
    functions.set(name, (functions.get(name) ?? 0) + us);
    const group = where ? packageOf(where) : frame.functionName;
    files.set(group, (files.get(group) ?? 0) + us);
  }

  const table = (entries: Map<string, number>, count: number) =>
    [...entries]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(
        ([name, us]) =>
          `  ${(us / 1000).toFixed(0).padStart(7)} ms ${((us / busyUs) * 100).toFixed(1).padStart(5)} %  ${name}`,
      )
      .join("\n");
  const long = tasks.filter((k) => k.us >= 5000);
  const longest = [...tasks]
    .sort((a, b) => b.us - a.us)
    .slice(0, 12)
    .map((k) => {
      const frames = [...k.frames]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4)
        .map(([label, us]) => `${label} (${Math.round((us / k.us) * 100)} %)`);
      return `  ${(k.us / 1000).toFixed(1).padStart(6)} ms  ${frames.join(", ") || "(runtime only)"}`;
    });
  return [
    `  window ${(windowUs / 1e6).toFixed(2)} s, main thread busy ${(busyUs / 1e6).toFixed(2)} s (${((busyUs / windowUs) * 100).toFixed(0)} %)`,
    "  self time by file / package:",
    table(files, 15),
    "  self time by function:",
    table(functions, top),
    `  busy stretches ≥ 5 ms (the event loop answers nothing meanwhile): ${long.length}, ${(sumUs(long) / 1000).toFixed(0)} ms in all; the longest, with our functions on their stacks:`,
    ...longest,
  ].join("\n");
}

function shortUrl(url: string): string {
  if (url === "") return "";
  const path = url.startsWith("file://") ? new URL(url).pathname : url;
  return path.startsWith("/") ? relative(process.cwd(), path) : path;
}

/** A dependency counts as its package; our own code as its file. */
function packageOf(path: string): string {
  const at = path.lastIndexOf("node_modules/");
  if (at < 0) return path;
  const rest = path.slice(at + "node_modules/".length).split("/");
  return `node_modules/${rest[0]?.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]}`;
}

function sumUs(tasks: { us: number }[]): number {
  return tasks.reduce((total, k) => total + k.us, 0);
}
