import { SCORER_NAMES, type ScorerName } from "@assay/protocol";
import { useProjectModels } from "../models/use-models.ts";
import { useScorers } from "../scorers/use-scorers.ts";
import { FieldError, fieldErrorId } from "../shared/field-error.tsx";
import type { FieldErrors } from "../shared/field-errors.ts";
import { DEFAULT_SCORER, GENERAL_SCORERS, SCORER_HELP } from "./scorer-choices.ts";

/** How an uploaded dataset's answers are scored, and what every prompt is sent with. */
export interface ScoringDraft {
  scorer: ScorerName;
  regexPattern: string;
  judgeModelId: string;
  judgeInstructions: string;
  systemPrompt: string;
  customScorers: string[];
}

export const EMPTY_SCORING: ScoringDraft = {
  scorer: DEFAULT_SCORER,
  regexPattern: "",
  judgeModelId: "",
  judgeInstructions: "",
  systemPrompt: "",
  customScorers: [],
};

/** The create body's scoring fields: what applies to the chosen scorer, nothing left blank. */
export function scoringBody(draft: ScoringDraft) {
  const text = (value: string) => (value.trim() === "" ? undefined : value);
  const judged = draft.scorer === "llm_judge";
  return {
    scoring_metric: draft.scorer,
    regex_pattern: draft.scorer === "regex" ? draft.regexPattern : undefined,
    llm_judge_model_id: judged ? text(draft.judgeModelId) : undefined,
    custom_instructions: judged ? text(draft.judgeInstructions) : undefined,
    system_prompt: text(draft.systemPrompt),
    custom_scorers: draft.customScorers.length > 0 ? draft.customScorers : undefined,
  };
}

export const SCORING_FIELDS = [
  "body.scoring_metric",
  "body.regex_pattern",
  "body.llm_judge_model_id",
  "body.custom_instructions",
  "body.system_prompt",
  "body.custom_scorers",
];

const OTHER_SCORERS = SCORER_NAMES.filter((name) => !GENERAL_SCORERS.includes(name));

/**
 * The scorer (exact match unless changed, with what it compares said under it), its pattern or
 * judge when it takes one, a system prompt, and the project's custom scorers: what
 * `assay benchmarks create` takes beside the file.
 */
export function ScoringFields({
  draft,
  onChange,
  errors,
}: {
  draft: ScoringDraft;
  onChange: (next: ScoringDraft) => void;
  errors: FieldErrors;
}) {
  const set = (patch: Partial<ScoringDraft>) => onChange({ ...draft, ...patch });
  return (
    <>
      <label>
        Scorer
        <select
          value={draft.scorer}
          onChange={(event) => set({ scorer: event.target.value as ScorerName })}
          aria-invalid={errors.has("body.scoring_metric")}
          aria-describedby={`scorer-help ${fieldErrorId("body.scoring_metric")}`}
        >
          {GENERAL_SCORERS.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
          <optgroup label="Built-in benchmarks' scorers">
            {OTHER_SCORERS.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </optgroup>
        </select>
        <span className="muted small field-help" id="scorer-help" data-testid="scorer-help">
          {SCORER_HELP[draft.scorer]}
        </span>
        <FieldError errors={errors} field="body.scoring_metric" />
      </label>
      {draft.scorer === "regex" ? (
        <label>
          Pattern the answers must match
          <input
            value={draft.regexPattern}
            onChange={(event) => set({ regexPattern: event.target.value })}
            required
            aria-invalid={errors.has("body.regex_pattern")}
            aria-describedby={fieldErrorId("body.regex_pattern")}
          />
          <FieldError errors={errors} field="body.regex_pattern" />
        </label>
      ) : null}
      {draft.scorer === "llm_judge" ? (
        <JudgeFields draft={draft} set={set} errors={errors} />
      ) : null}
      <label>
        <span>
          System prompt <span className="muted small">(optional: sent with every prompt)</span>
        </span>
        <textarea
          value={draft.systemPrompt}
          onChange={(event) => set({ systemPrompt: event.target.value })}
          rows={2}
          aria-invalid={errors.has("body.system_prompt")}
          aria-describedby={fieldErrorId("body.system_prompt")}
        />
        <FieldError errors={errors} field="body.system_prompt" />
      </label>
      <CustomScorers chosen={draft.customScorers} set={set} errors={errors} />
    </>
  );
}

function JudgeFields({
  draft,
  set,
  errors,
}: {
  draft: ScoringDraft;
  set: (patch: Partial<ScoringDraft>) => void;
  errors: FieldErrors;
}) {
  const models = useProjectModels();
  return (
    <>
      <label>
        Judge model
        <select
          value={draft.judgeModelId}
          onChange={(event) => set({ judgeModelId: event.target.value })}
          aria-invalid={errors.has("body.llm_judge_model_id")}
          aria-describedby={fieldErrorId("body.llm_judge_model_id")}
        >
          <option value="">the server's default judge model</option>
          {models.data?.models.map((model) => (
            <option key={model.id} value={model.id}>
              {model.name}
            </option>
          ))}
        </select>
        <FieldError errors={errors} field="body.llm_judge_model_id" />
      </label>
      <label>
        <span>
          Judge instructions <span className="muted small">(optional)</span>
        </span>
        <textarea
          value={draft.judgeInstructions}
          onChange={(event) => set({ judgeInstructions: event.target.value })}
          rows={2}
          aria-invalid={errors.has("body.custom_instructions")}
          aria-describedby={fieldErrorId("body.custom_instructions")}
        />
        <FieldError errors={errors} field="body.custom_instructions" />
      </label>
    </>
  );
}

/** The project's scorers, each a box to tick: every result of the benchmark's runs is graded. */
function CustomScorers({
  chosen,
  set,
  errors,
}: {
  chosen: string[];
  set: (patch: Partial<ScoringDraft>) => void;
  errors: FieldErrors;
}) {
  const scorers = useScorers();
  const list = scorers.data?.scorers ?? [];
  const toggle = (id: string) =>
    set({
      customScorers: chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id],
    });
  return (
    <fieldset className="custom-scorers" aria-describedby={fieldErrorId("body.custom_scorers")}>
      <legend>
        Custom scorers{" "}
        <span className="muted small">(optional: each grades every result, one judge call)</span>
      </legend>
      {list.length === 0 ? (
        <p className="muted small">
          {scorers.isPending ? "Reading the project's scorers…" : "The project has no scorers."}
        </p>
      ) : (
        list.map((scorer) => (
          <label key={scorer.id} className="check">
            <input
              type="checkbox"
              checked={chosen.includes(scorer.id)}
              onChange={() => toggle(scorer.id)}
            />{" "}
            {scorer.name}
            {scorer.description ? (
              <span className="muted small"> — {scorer.description}</span>
            ) : null}
          </label>
        ))
      )}
      <FieldError errors={errors} field="body.custom_scorers" />
    </fieldset>
  );
}
