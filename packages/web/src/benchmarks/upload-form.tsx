import { type FormEvent, useState } from "react";
import { ErrorMessage } from "../shared/error-message.tsx";
import { FieldError, fieldErrorId } from "../shared/field-error.tsx";
import { fieldErrors, otherFieldErrors } from "../shared/field-errors.ts";
import { FileDrop } from "../shared/file-drop.tsx";
import { LineErrors } from "../shared/line-errors.tsx";
import { isLineField, lineErrors } from "../shared/refused-lines.ts";
import { fileProblem } from "../shared/upload-file.ts";
import { UploadProgressBar } from "../shared/upload-progress.tsx";
import { CreatedNotice } from "./created-notice.tsx";
import { EMPTY_SCORING, SCORING_FIELDS, ScoringFields, scoringBody } from "./scoring-fields.tsx";
import { useCreateCustomBenchmark } from "./use-create-benchmark.ts";

/** The server's names for what the file field stands for: the create call's and the upload's. */
const FILE_FIELDS = ["body.file", "body.filename", "body.size", "body.type"];
const SHOWN_FIELDS = ["body.name", "body.description", ...SCORING_FIELDS, ...FILE_FIELDS];

/**
 * A custom benchmark from a JSONL or JSON file of `{"input", "truth", "subset"?}` rows, with its
 * scorer, system prompt and custom scorers. A refused form keeps everything typed and the file
 * chosen; the server's reasons appear by their fields, and a file with bad rows lists every bad
 * line. Once created, the notice says which scorer it has.
 */
export function UploadForm() {
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [scoring, setScoring] = useState(EMPTY_SCORING);
  const create = useCreateCustomBenchmark();
  const errors = fieldErrors(create.error);
  const fileError = FILE_FIELDS.map((field) => errors.get(field))
    .filter(Boolean)
    .join("; ");
  const others = otherFieldErrors(errors, SHOWN_FIELDS).filter(([field]) => !isLineField(field));
  const file = files[0];
  const tooLarge = file ? fileProblem(file) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file || tooLarge) return;
    create.mutate(
      { name, description, file, scoring: scoringBody(scoring) },
      {
        onSuccess: () => {
          setName("");
          setDescription("");
          setFiles([]);
          setScoring(EMPTY_SCORING);
        },
      },
    );
  };

  return (
    <form className="benchmark-form" onSubmit={submit} aria-label="Upload a custom benchmark">
      <p className="muted small">
        One prompt per line (JSONL) or a JSON array:{" "}
        <code>{'{"input": "What is 2+2?", "truth": "4", "subset": "arithmetic"}'}</code>.{" "}
        <code>input</code> may also be a list of chat messages; <code>id</code> and{" "}
        <code>subset</code> are optional.
      </p>
      <label>
        Name
        <input
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
          maxLength={64}
          aria-invalid={errors.has("body.name")}
          aria-describedby={fieldErrorId("body.name")}
        />
        <FieldError errors={errors} field="body.name" />
      </label>
      <label>
        Description
        <textarea
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          rows={2}
          aria-invalid={errors.has("body.description")}
          aria-describedby={fieldErrorId("body.description")}
        />
        <FieldError errors={errors} field="body.description" />
      </label>
      <ScoringFields draft={scoring} onChange={setScoring} errors={errors} />
      <div className="field">
        <FileDrop
          label="Dataset file (JSONL or JSON)"
          files={files}
          onChange={(chosen) => {
            setFiles(chosen);
            // The listed lines were the old file's; the name's and description's errors stay.
            if (lineErrors(errors).length > 0) create.reset();
          }}
          accept=".jsonl,.json,application/json,application/jsonl"
          field="body.file"
          invalid={Boolean(fileError)}
        />
        {fileError ? (
          <span className="field-error" id={fieldErrorId("body.file")} role="alert">
            {fileError}
          </span>
        ) : null}
        <LineErrors errors={errors} filename={create.variables?.file.name ?? "The file"} />
      </div>
      {others.length > 0 ? (
        <ul className="error">
          {others.map(([field, message]) => (
            <li key={field}>
              {field}: {message}
            </li>
          ))}
        </ul>
      ) : null}
      {create.isError && errors.size === 0 ? <ErrorMessage error={create.error} /> : null}
      <UploadProgressBar progress={create.progress} after="checking every row…" />
      <div className="form-actions">
        <button
          type="submit"
          className="primary"
          disabled={create.isPending || !file || !!tooLarge}
        >
          {create.isPending ? "Uploading…" : "Upload and create"}
        </button>
        {create.isSuccess ? (
          <CreatedNotice
            id={create.data}
            what={`Benchmark created. Scored by ${create.variables.scoring?.scoring_metric ?? "exact_match"}.`}
          />
        ) : null}
      </div>
    </form>
  );
}
