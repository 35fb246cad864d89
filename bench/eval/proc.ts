// What a process used, read from /proc (Linux): CPU of its threads, and its peak resident memory.
import { readFileSync } from "node:fs";

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
