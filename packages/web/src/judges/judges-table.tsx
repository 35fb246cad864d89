import type { Judge } from "@assay/protocol";
import { Link } from "@tanstack/react-router";
import { ErrorMessage } from "../shared/error-message.tsx";
import { AgreementFigures } from "./agreement.tsx";
import { JudgeModel } from "./judge-model.tsx";
import { useDeleteJudge } from "./use-judges.ts";

/** One row per judge: its model and version, its runs, and its agreement with people's labels. */
export function JudgesTable({ judges }: { judges: readonly Judge[] }) {
  const remove = useDeleteJudge();
  return (
    <>
      {remove.isError ? <ErrorMessage error={remove.error} /> : null}
      <div className="table-scroll">
        <table className="evaluations judges-table">
          <thead>
            <tr>
              <th>Judge</th>
              <th>Model</th>
              <th className="right">Version</th>
              <th className="right">Runs</th>
              <th className="right">Labels</th>
              <th>Agreement with labels</th>
              <th>
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {judges.map((judge) => (
              <tr key={judge.id} data-judge-id={judge.id}>
                <td>
                  <Link to="/judges/$id" params={{ id: judge.id }}>
                    {judge.name}
                  </Link>
                  <div className="goal-preview muted small" title={judge.evaluation_goal}>
                    {judge.evaluation_goal}
                  </div>
                </td>
                <td>
                  <JudgeModel judge={judge} />
                </td>
                <td className="right num">v{judge.version}</td>
                <td className="right num">{judge.run_count}</td>
                <td className="right num">{judge.annotation_count}</td>
                <td>
                  <AgreementFigures agreement={judge.agreement} />
                </td>
                <td className="actions">
                  <a href={`/ui/judges/${judge.id}/annotate`}>Label</a>
                  <button
                    type="button"
                    className="link danger"
                    disabled={remove.isPending}
                    onClick={() => {
                      if (
                        window.confirm(
                          `Delete the judge ${judge.name}? Its ${judge.run_count} runs and their labels go with it.`,
                        )
                      )
                        remove.mutate(judge.id);
                    }}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
