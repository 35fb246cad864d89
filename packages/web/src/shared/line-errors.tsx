import type { FieldErrors } from "./field-errors.ts";
import { lineErrors } from "./refused-lines.ts";
import "./upload.css";

/**
 * Every bad line of a refused dataset, each with the server's reason, so the file can be fixed
 * in one pass. The server lists at most 20.
 */
export function LineErrors({ errors, filename }: { errors: FieldErrors; filename: string }) {
  const lines = lineErrors(errors);
  if (lines.length === 0) return null;
  return (
    <div className="line-errors" role="alert">
      <p>
        {filename} was refused and nothing was imported. Fix{" "}
        {lines.length === 1 ? "this line" : `these ${lines.length} lines`}, then choose the file
        again:
      </p>
      <ul>
        {lines.map(({ line, label, message }) => (
          <li key={label}>
            <span className={line === 0 ? "line-no" : "line-no num"}>{label}</span>: {message}
          </li>
        ))}
      </ul>
    </div>
  );
}
