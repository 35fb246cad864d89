import { type DragEvent, useId, useState } from "react";
import { fieldErrorId } from "./field-error.tsx";
import { fileProblem, megabytes } from "./upload-file.ts";
import "./upload.css";

/**
 * A file picker that also takes files dropped on it. The chosen files live in the form's state,
 * not in the input, so they stay chosen when the server refuses the form: choosing again (or
 * dropping) replaces them.
 */
export function FileDrop({
  label,
  files,
  onChange,
  accept,
  multiple = false,
  field,
  invalid,
}: {
  label: string;
  files: File[];
  onChange: (files: File[]) => void;
  accept: string;
  multiple?: boolean;
  /** The server's name for the field, for its error's id. */
  field: string;
  invalid: boolean;
}) {
  const id = useId();
  const [over, setOver] = useState(false);
  const take = (list: FileList | null) => {
    const chosen = [...(list ?? [])];
    if (chosen.length > 0) onChange(multiple ? chosen : chosen.slice(0, 1));
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    take(event.dataTransfer.files);
  };
  return (
    <fieldset
      aria-label={label}
      className={`file-drop${over ? " over" : ""}${invalid ? " invalid" : ""}`}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <span className="field-label">{label}</span>
      {/* The input is hidden (still focusable) behind its label: the chosen files are listed
          below from the form's state, which a dropped file reaches without the input. */}
      <input
        id={id}
        className="visually-hidden"
        type="file"
        accept={accept}
        multiple={multiple}
        aria-label={label}
        aria-invalid={invalid}
        aria-describedby={fieldErrorId(field)}
        onChange={(event) => take(event.target.files)}
      />
      <label htmlFor={id} className="button">
        {files.length > 0 ? "Choose again…" : multiple ? "Choose files…" : "Choose a file…"}
      </label>
      <span className="muted small">
        or drop {multiple ? "files" : "a file"} here · at most 50 MiB{multiple ? " each" : ""}
      </span>
      {files.length > 0 ? (
        <ul className="chosen-files" aria-label="chosen files">
          {files.map((file) => (
            <li key={`${file.name}-${file.size}-${file.lastModified}`}>
              <span className="num">{file.name}</span>{" "}
              <span className="muted small">{megabytes(file.size)}</span>
              {fileProblem(file) ? <span className="field-error">{fileProblem(file)}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
