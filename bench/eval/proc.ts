// What a process used, read from /proc (Linux): CPU of its threads, and its peak resident memory.
import { readFileSync, writeFileSync } from "node:fs";

export { cpuSeconds } from "../support/processes.ts";

/** `VmHWM` (peak resident set) in MB; it never goes down, hence one fresh process per cell. */
export function peakRssMb(pid: number): number {
  return statusKb(pid, "VmHWM") / 1024;
}

export function rssMb(pid: number): number {
  return statusKb(pid, "VmRSS") / 1024;
}

function statusKb(pid: number, field: string): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status);
  return match ? Number(match[1]) : Number.NaN;
}

/** CPU seconds the whole machine has been busy (all cores; /proc/stat, clock ticks of 1/100 s). */
function machineBusySeconds(): number {
  const line = readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
  const [user, nice, system, , , irq, softirq, steal] = line
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return (
    ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) / 100
  );
}

/**
 * Measures what else kept the machine busy during a run: machine CPU minus the measured
 * processes' and this process's own. Other sessions' builds or tests show up here; a run with
 * more than a fraction of a core of it is noisy.
 */
export function startLoadMeter() {
  const machine = machineBusySeconds();
  const self = process.cpuUsage();
  return {
    /** Cores' worth of other work over `wallS`, given the CPU the measured processes used. */
    otherCores(measuredCpuS: number, wallS: number): number {
      const own = process.cpuUsage(self);
      const busy = machineBusySeconds() - machine;
      return Math.max(0, busy - measuredCpuS - (own.user + own.system) / 1e6) / wallS;
    },
  };
}

/**
 * Waits until the rest of the machine has used under `thresholdCores` for two 1-second windows
 * in a row (other sessions' builds and tests share this box), at most `maxSeconds`. Answers the
 * seconds waited, or undefined when the machine never quietened down.
 */
export async function waitForQuiet(maxSeconds: number, thresholdCores = 0.1) {
  const started = performance.now();
  let quietWindows = 0;
  while ((performance.now() - started) / 1000 < maxSeconds) {
    const meter = startLoadMeter();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    quietWindows = meter.otherCores(0, 1) < thresholdCores ? quietWindows + 1 : 0;
    if (quietWindows >= 2) return (performance.now() - started) / 1000;
  }
  return undefined;
}

/**
 * Resets `VmHWM` to the current RSS (Linux ≥ 4.0, our own child), so the peak of a run is not
 * the peak of its setup. False when the kernel refuses.
 */
export function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}
