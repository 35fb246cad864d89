import type { EvaluationStats } from "@assay/protocol";

/**
 * How a run asked its model, for the reproducibility record: the sampling options it was given
 * (the rest were its request profile's defaults) and the exact parameters it sends beside
 * `model` and `messages`, in the provider's own names (`max_completion_tokens`, not `max_tokens`),
 * so a rerun or another tool can send the same request.
 */

type RunOptions = EvaluationStats["options"];

const SAMPLING = ["temperature", "top_p", "seed", "max_tokens", "reasoning_effort"] as const;

export function SamplingAsked({ options }: { options: RunOptions }) {
  const asked = SAMPLING.filter((field) => options[field] !== null && options[field] !== undefined);
  if (asked.length === 0) return <span className="muted">none: the model's defaults</span>;
  return (
    <>
      <code>{asked.map((field) => `${field} ${options[field]}`).join(" · ")}</code>
      {options.seed !== null && options.repeats > 1 ? (
        <span className="muted"> (repeat i sent seed + i)</span>
      ) : null}
    </>
  );
}

export function RequestSent({ request }: { request: RunOptions["request"] }) {
  if (!request)
    return <span className="muted">not recorded (a run from before requests were)</span>;
  const parameters = Object.entries(request.parameters);
  return (
    <span className="request-sent">
      profile <code>{request.profile}</code>
      {parameters.length === 0 ? (
        <span className="muted"> · no parameters</span>
      ) : (
        parameters.map(([name, value]) => (
          <span key={name}>
            {" · "}
            <code>
              {name} {parameterValue(value)}
            </code>
          </span>
        ))
      )}
    </span>
  );
}

/** Strings and numbers as sent (25000, not 25,000); anything else as its JSON. */
function parameterValue(value: unknown): string {
  if (typeof value === "string" || typeof value === "number") return String(value);
  return JSON.stringify(value) ?? String(value);
}
