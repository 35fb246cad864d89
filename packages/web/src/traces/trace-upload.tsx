import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { ErrorMessage } from "../shared/error-message.tsx";
import { FieldError } from "../shared/field-error.tsx";
import { fieldErrors, otherFieldErrors } from "../shared/field-errors.ts";
import { FileDrop } from "../shared/file-drop.tsx";
import { LineErrors } from "../shared/line-errors.tsx";
import { isLineField } from "../shared/refused-lines.ts";
import { fileProblem } from "../shared/upload-file.ts";
import { UploadProgressBar } from "../shared/upload-progress.tsx";
import { useUploadTraces } from "./use-upload-traces.ts";

/** The server's names for what the file stands for: the announcement's fields and the create call's. */
const FILE_FIELDS = ["body.filename", "body.size", "body.type"];

/**
 * Drop a JSON or JSONL file (or choose one) and it is sent at once: through the presigned URL
 * with a progress bar, then read by the server. A refused file stays chosen with every bad line
 * listed, so it can be fixed and sent again; a file over 50 MiB is never sent.
 */
export function TraceUpload() {
  const [files, setFiles] = useState<File[]>([]);
  const upload = useUploadTraces();
  const errors = fieldErrors(upload.error);
  const others = otherFieldErrors(errors, FILE_FIELDS).filter(([field]) => !isLineField(field));
  const file = files[0];

  const send = (chosen: File[]) => {
    setFiles(chosen);
    const next = chosen[0];
    if (!next || fileProblem(next)) {
      upload.reset();
      return;
    }
    upload.mutate(next);
  };

  return (
    <section className="trace-upload" aria-label="Upload traces">
      <FileDrop
        label="Upload a trace file (JSON or JSONL)"
        files={files}
        onChange={send}
        accept=".json,.jsonl,.ndjson,application/json,application/jsonl"
        field="body.filename"
        invalid={errors.size > 0 || Boolean(file && fileProblem(file))}
      />
      <FieldError errors={errors} field="body.filename" />
      <FieldError errors={errors} field="body.size" />
      <FieldError errors={errors} field="body.type" />
      <p className="muted small">
        One trace per line (JSONL) or per item of a JSON array: OpenAI chat logs (
        <code>request</code>/<code>response</code> or <code>messages</code>), OpenTelemetry GenAI
        spans (OTLP/JSON exports), agent runs with an <code>events</code> list,{" "}
        <code>{'{"input", "output"}'}</code>, or any JSON object.
      </p>
      <UploadProgressBar progress={upload.progress} after="Reading the traces…" />
      {upload.isError && file ? <LineErrors errors={errors} filename={file.name} /> : null}
      {upload.isError && errors.size === 0 ? <ErrorMessage error={upload.error} /> : null}
      {others.length > 0 ? (
        <ul className="field-error">
          {others.map(([field, message]) => (
            <li key={field}>
              {field}: {message}
            </li>
          ))}
        </ul>
      ) : null}
      {upload.isError && file ? (
        <button type="button" onClick={() => upload.mutate(file)}>
          Send {file.name} again
        </button>
      ) : null}
      {upload.isSuccess ? (
        <p className="notice" role="status">
          {upload.data.traceIds.length} trace{upload.data.traceIds.length === 1 ? "" : "s"} created
          from {upload.data.filename}.{" "}
          <Link to="/traces" search={{ source: upload.data.filename }}>
            Show only these
          </Link>
        </p>
      ) : null}
    </section>
  );
}
