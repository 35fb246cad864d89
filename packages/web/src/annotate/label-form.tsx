import type { Annotation } from "@assay/protocol";
import type { RefObject } from "react";
import { FieldError, fieldErrorId } from "../shared/field-error.tsx";
import type { FieldErrors } from "../shared/field-errors.ts";

/** What the person is typing for the trace on screen; kept when the server refuses it. */
export interface LabelDraft {
  score: string;
  comment: string;
}

/**
 * Pass or fail, an optional score (0–1) and comment. Every control has its key (p, f, s, c) and
 * the server's refusal of a field shows under it, with what was typed left in place.
 */
export function LabelForm({
  label,
  draft,
  onDraft,
  onLabel,
  onLeaveBox,
  saving,
  errors,
  commentRef,
  scoreRef,
}: {
  label: Annotation | undefined;
  draft: LabelDraft;
  onDraft: (draft: LabelDraft) => void;
  onLabel: (passed: boolean) => void;
  onLeaveBox: () => void;
  saving: boolean;
  errors: FieldErrors;
  commentRef: RefObject<HTMLTextAreaElement | null>;
  scoreRef: RefObject<HTMLInputElement | null>;
}) {
  const leaveOnEscape = (event: React.KeyboardEvent<HTMLElement>) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    // Leaving the box saves it (onBlur).
    event.currentTarget.blur();
  };
  return (
    <section className="label-form" aria-label="Your label">
      <div className="label-buttons">
        <button
          type="button"
          className={`label-button pass ${label?.passed === true ? "chosen" : ""}`}
          aria-pressed={label?.passed === true}
          disabled={saving}
          onClick={() => onLabel(true)}
        >
          Pass <kbd>p</kbd>
        </button>
        <button
          type="button"
          className={`label-button fail ${label?.passed === false ? "chosen" : ""}`}
          aria-pressed={label?.passed === false}
          disabled={saving}
          onClick={() => onLabel(false)}
        >
          Fail <kbd>f</kbd>
        </button>
        <span className="muted" data-testid="label-state">
          {saving
            ? "Saving…"
            : label
              ? `Labelled ${label.passed ? "pass" : "fail"}`
              : "Not labelled yet"}
        </span>
      </div>
      <label className="score-field">
        <span>
          Score (0–1, optional) <kbd>s</kbd>
        </span>
        <input
          ref={scoreRef}
          inputMode="decimal"
          value={draft.score}
          onChange={(event) => onDraft({ ...draft, score: event.target.value })}
          onKeyDown={leaveOnEscape}
          onBlur={onLeaveBox}
          aria-invalid={errors.has("body.score")}
          aria-describedby={fieldErrorId("body.score")}
        />
        <FieldError errors={errors} field="body.score" />
      </label>
      <label className="comment-field">
        <span>
          Comment (optional) <kbd>c</kbd>, <kbd>Esc</kbd> to leave
        </span>
        <textarea
          ref={commentRef}
          rows={3}
          value={draft.comment}
          onChange={(event) => onDraft({ ...draft, comment: event.target.value })}
          onKeyDown={leaveOnEscape}
          onBlur={onLeaveBox}
          aria-invalid={errors.has("body.comment")}
          aria-describedby={fieldErrorId("body.comment")}
        />
        <FieldError errors={errors} field="body.comment" />
      </label>
    </section>
  );
}

/** The body of a PUT: the score as typed (the server judges it), blank fields left out. */
export function labelBody(passed: boolean, draft: LabelDraft) {
  const score = draft.score.trim();
  const comment = draft.comment.trim();
  return {
    passed,
    ...(score === "" ? {} : { score: Number(score) }),
    ...(comment === "" ? {} : { comment }),
  };
}

export function draftOf(label: Annotation | undefined): LabelDraft {
  return {
    score: label?.score === undefined ? "" : String(label.score),
    comment: label?.comment ?? "",
  };
}
