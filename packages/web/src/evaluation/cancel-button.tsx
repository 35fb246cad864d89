import { ErrorMessage } from "../shared/error-message.tsx";
import { useCancelEvaluation } from "./use-evaluation.ts";

/** Stops a pending or running evaluation, after the person confirms it. */
export function CancelButton({ id }: { id: string }) {
  const cancel = useCancelEvaluation(id);
  return (
    <>
      <button
        type="button"
        className="danger"
        disabled={cancel.isPending}
        onClick={() => {
          if (window.confirm("Cancel this evaluation? Prompts not yet done will not be run."))
            cancel.mutate();
        }}
      >
        {cancel.isPending ? "Cancelling…" : "Cancel evaluation"}
      </button>
      {cancel.isError ? <ErrorMessage error={cancel.error} /> : null}
    </>
  );
}
