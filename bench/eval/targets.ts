// The eval bench's targets (issue 33), checked on one run's results: Assay against the floor and
// the peers measured in the same cells of the same run.
import {
  invalidReasons,
  PEER_KINDS,
  PEER_NAMES,
  type PeerKind,
  percentOfCeiling,
  type RunResult,
  samplesPerSecond,
} from "./result.ts";

/** Assay's % of C/L may trail the floor's by at most this many points at L ≥ 50 ms. */
const POINTS_BEHIND_FLOOR = 3;
/** Assay's CPU per sample over the floor's, at C ≤ 64. */
const CPU_OVER_FLOOR = 1.5;
const PEAK_RSS_MB = 300;
/** A steady rate is measured to about this share: closer than that is a tie, not a loss. */
const STEADY_TIE = 0.02;

const mark = (ok: boolean) => (ok ? "✓" : "✗");
const valid = (r: RunResult) => invalidReasons(r).length === 0;
const sameCell = (a: RunResult, b: RunResult) =>
  a.latencyMs === b.latencyMs && a.concurrency === b.concurrency;
const cellName = (r: RunResult) => `L ${r.latencyMs} / C ${r.concurrency}`;
const cpuPerSample = (r: RunResult) => (r.cpuS * 1000) / r.n;

export function isPeer(r: RunResult): r is RunResult & { kind: PeerKind } {
  return r.kind !== "assay" && r.kind !== "floor";
}

/** The all-in-one Assay run of a cell (not the repeats or split-worker variants). */
export function assayOf(results: readonly RunResult[], cell: RunResult): RunResult | undefined {
  return results.find((a) => a.tool === "assay" && sameCell(a, cell));
}

/** Assay's samples/s over a peer run's in the same cell, end to end (not promptfoo --no-write). */
export function peerRatio(results: readonly RunResult[], peer: RunResult): number | undefined {
  const assay =
    isPeer(peer) && !peer.tool.endsWith("--no-write") ? assayOf(results, peer) : undefined;
  return assay ? samplesPerSecond(assay) / samplesPerSecond(peer) : undefined;
}

/** The same over both steady stretches (the middle 80 % of the requests). */
export function steadyPeerRatio(
  results: readonly RunResult[],
  peer: RunResult,
): number | undefined {
  const assay = peerRatio(results, peer) === undefined ? undefined : assayOf(results, peer);
  return assay?.steadyPerS && peer.steadyPerS ? assay.steadyPerS / peer.steadyPerS : undefined;
}

export function targetsReport(results: readonly RunResult[]): string {
  const assays = results.filter((r) => r.tool === "assay" && valid(r));
  // The floor of the same cell and N (not the --big run's).
  const floorOf = (r: RunResult) =>
    results.find((f) => f.kind === "floor" && sameCell(f, r) && f.n === r.n);
  const lines = ["Targets (issue 33):"];

  const withFloor = assays.flatMap((assay) => {
    const floor = floorOf(assay);
    return floor && valid(floor) ? [{ assay, floor }] : [];
  });
  const pointsLines = withFloor
    .filter(({ assay }) => assay.latencyMs >= 50)
    .map(({ assay, floor }) => {
      const behind = percentOfCeiling(floor) - percentOfCeiling(assay);
      return `${cellName(assay)} ${percentOfCeiling(assay).toFixed(1)} % vs ${percentOfCeiling(floor).toFixed(1)} % (${behind.toFixed(1)} points) ${mark(behind <= POINTS_BEHIND_FLOOR)}`;
    });
  lines.push(
    `  every cell at L ≥ 50 ms within ${POINTS_BEHIND_FLOOR} points of the floor's % of C/L: ${pointsLines.join(", ") || "not measured (needs the floor)"}`,
  );

  const cpuLines = withFloor
    .filter(({ assay }) => assay.concurrency <= 64)
    .map(({ assay, floor }) => {
      const times = cpuPerSample(assay) / cpuPerSample(floor);
      return `${cellName(assay)} ${times.toFixed(2)}× ${mark(times <= CPU_OVER_FLOOR)}`;
    });
  lines.push(
    `  CPU per sample ≤ ${CPU_OVER_FLOOR}× the floor's at C ≤ 64: ${cpuLines.join(", ") || "not measured (needs the floor)"}`,
  );

  const big = assays.filter((r) => r.n >= 50_000);
  lines.push(
    `  ≤ ${PEAK_RSS_MB} MB peak RSS at 50 000 samples: ${
      big
        .map(
          (r) =>
            `${r.peakRssMb.toFixed(0)} MB at ${cellName(r)}, N ${r.n} ${mark(r.peakRssMb <= PEAK_RSS_MB)}`,
        )
        .join(", ") || "not measured (--big, or a cell of ≥ 50 000 samples)"
    }`,
  );

  for (const kind of PEER_KINDS) {
    const runs = results.filter(
      (r) => r.kind === kind && valid(r) && peerRatio(results, r) !== undefined,
    );
    const name = PEER_NAMES[kind];
    const ahead = runs.map((r) => {
      const x = peerRatio(results, r) ?? 0;
      const sameN = assayOf(results, r)?.n === r.n;
      return `${cellName(r)} ${x.toFixed(1)}× ${sameN ? mark(x > 1) : `(its N ${r.n} is not Assay's: indicative)`}`;
    });
    lines.push(
      `  ahead of ${name} end to end at the same N: ${ahead.join(", ") || "not measured"}`,
    );
  }

  const cells = results.filter((r) => r.tool === "assay" && valid(r));
  const steadyLines = cells.flatMap((assay) => {
    const peers = results.filter(
      (r) => isPeer(r) && valid(r) && sameCell(r, assay) && r.steadyPerS !== null,
    );
    if (peers.length === 0 || assay.steadyPerS === null) return [];
    const best = peers.reduce((a, b) => ((b.steadyPerS ?? 0) > (a.steadyPerS ?? 0) ? b : a));
    const x = assay.steadyPerS / (best.steadyPerS ?? 1);
    const verdict = x >= 1 ? "✓" : x >= 1 - STEADY_TIE ? "✓ (a tie: within 2 %)" : "✗";
    return [`${cellName(assay)} ${x.toFixed(2)}× ${best.tool} ${verdict}`];
  });
  lines.push(
    `  at steady state never behind the best peer: ${steadyLines.join(", ") || "not measured"}`,
  );
  return lines.join("\n");
}
