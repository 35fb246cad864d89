import { type FormEvent, useState } from "react";
import { ErrorMessage } from "../shared/error-message.tsx";
import { FieldError, fieldErrorId } from "../shared/field-error.tsx";
import { fieldErrors, otherFieldErrors } from "../shared/field-errors.ts";
import { FileDrop } from "../shared/file-drop.tsx";
import { fileProblem } from "../shared/upload-file.ts";
import { UploadProgressBar } from "../shared/upload-progress.tsx";
import { CreatedNotice } from "./created-notice.tsx";
import { useCreateSmartBenchmark } from "./use-create-benchmark.ts";

const MAX_DOCUMENTS = 20;
const FILE_FIELDS = ["body.files", "body.filename", "body.size", "body.type"];
const SHOWN_FIELDS = ["body.name", "body.description", "body.system_prompt", ...FILE_FIELDS];

/**
 * A smart benchmark: the server's generator model writes question/answer prompts from 1–20
 * documents, guided by the description and the system prompt. It is listed as generating until
 * its job has run.
 */
export function SmartForm() {
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [systemPrompt, setSystemPrompt] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const create = useCreateSmartBenchmark();
  const errors = fieldErrors(create.error);
  const filesError = [
    ...FILE_FIELDS.map((field) => errors.get(field)),
    ...[...errors].filter(([field]) => field.startsWith("body.files.")).map(([, m]) => m),
  ]
    .filter(Boolean)
    .join("; ");
  const others = otherFieldErrors(errors, SHOWN_FIELDS).filter(
    ([field]) => !field.startsWith("body.files."),
  );
  const blocked =
    files.length === 0 || files.length > MAX_DOCUMENTS || files.some((f) => fileProblem(f));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blocked) return;
    create.mutate(
      { name, description, system_prompt: systemPrompt, files },
      {
        onSuccess: () => {
          setName("");
          setDescription("");
          setSystemPrompt("");
          setFiles([]);
        },
      },
    );
  };

  return (
    <form className="benchmark-form" onSubmit={submit} aria-label="Generate a smart benchmark">
      <p className="muted small">
        Questions with short reference answers are written from your documents (PDF with a text
        layer, plain text, Markdown, JSON, JSON Lines, CSV or TSV) by the server's generator model.
        Say what the benchmark should test in the description.
      </p>
      <label>
        Name
        <input
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
          maxLength={256}
          aria-invalid={errors.has("body.name")}
          aria-describedby={fieldErrorId("body.name")}
        />
        <FieldError errors={errors} field="body.name" />
      </label>
      <label>
        What it should test
        <textarea
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          rows={3}
          placeholder="e.g. Support agents' knowledge of our refund policy"
          aria-invalid={errors.has("body.description")}
          aria-describedby={fieldErrorId("body.description")}
        />
        <FieldError errors={errors} field="body.description" />
      </label>
      <label>
        <span>
          System prompt <span className="muted small">(optional: who answers the questions)</span>
        </span>
        <textarea
          value={systemPrompt}
          onChange={(event) => setSystemPrompt(event.target.value)}
          rows={2}
          aria-invalid={errors.has("body.system_prompt")}
          aria-describedby={fieldErrorId("body.system_prompt")}
        />
        <FieldError errors={errors} field="body.system_prompt" />
      </label>
      <div className="field">
        <FileDrop
          label={`Documents (1–${MAX_DOCUMENTS})`}
          files={files}
          onChange={setFiles}
          accept=".pdf,.txt,.text,.md,.markdown,.mdx,.json,.jsonl,.ndjson,.csv,.tsv"
          multiple
          field="body.files"
          invalid={Boolean(filesError)}
        />
        {files.length > MAX_DOCUMENTS ? (
          <span className="field-error">
            {files.length} documents chosen; at most {MAX_DOCUMENTS}
          </span>
        ) : null}
        {filesError ? (
          <span className="field-error" id={fieldErrorId("body.files")} role="alert">
            {filesError}
          </span>
        ) : null}
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
      <UploadProgressBar progress={create.progress} after="starting the generation…" />
      <div className="form-actions">
        <button type="submit" className="primary" disabled={create.isPending || blocked}>
          {create.isPending ? "Uploading…" : "Upload and generate"}
        </button>
        {create.isSuccess ? (
          <CreatedNotice
            id={create.data}
            what="Generating: its status below changes when the questions are written."
          />
        ) : null}
      </div>
    </form>
  );
}
