import type { Benchmark } from "@assay/client";
import { Link } from "@tanstack/react-router";
import { canEvaluate, evaluateHref, groupsOf, kindOf, versionOf } from "./benchmark-facts.ts";
import { BenchmarkStatus } from "./benchmark-status.tsx";

export function BenchmarksTable({ benchmarks }: { benchmarks: Benchmark[] }) {
  return (
    <div className="table-scroll">
      <table className="evaluations benchmarks">
        <thead>
          <tr>
            <th>Name</th>
            <th>Kind</th>
            <th>Status</th>
            <th className="right">Prompts</th>
            <th>Version</th>
            <th title="categories of a built-in benchmark; the documents of a smart one">
              Categories / sources
            </th>
            <th>
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {benchmarks.map((b) => {
            const groups = groupsOf(b);
            return (
              <tr key={b.id} data-benchmark-id={b.id}>
                <td>
                  <Link to="/benchmarks/$id" params={{ id: b.id }}>
                    {b.name}
                  </Link>
                  <div className="num muted small">{b.key}</div>
                </td>
                <td>{kindOf(b)}</td>
                <td className="wrap">
                  <BenchmarkStatus benchmark={b} />
                </td>
                <td className="right num">{b.prompt_count.toLocaleString()}</td>
                <td className="num small">{versionOf(b) ?? <span className="muted">—</span>}</td>
                <td className="wrap small">
                  {groups.length > 0 ? groups.join(", ") : <span className="muted">—</span>}
                </td>
                <td>{canEvaluate(b) ? <a href={evaluateHref(b)}>Evaluate a model</a> : null}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
