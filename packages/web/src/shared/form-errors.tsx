import { ErrorMessage } from "./error-message.tsx";
import { type FieldErrors, otherFieldErrors } from "./field-errors.ts";

/**
 * Under a form, what a refused save says that no field of the form shows: the problems with
 * fields it has no input for (the request as a whole, `body`, without a name), or, when the
 * server named no field at all, the error itself. The fields' own problems are shown next to
 * them by the form.
 */
export function FormErrors(props: {
  /** The save's error (a mutation's `error`), or null. */
  error: unknown;
  errors: FieldErrors;
  /** The fields the form shows its problems beside. */
  fields: readonly string[];
}) {
  const { error, errors, fields } = props;
  const others = otherFieldErrors(errors, fields);
  if (others.length > 0)
    return (
      <ul className="error form-wide">
        {others.map(([field, message]) => (
          <li key={field}>{field === "body" ? message : `${field}: ${message}`}</li>
        ))}
      </ul>
    );
  if (error && errors.size === 0)
    return (
      <div className="form-wide">
        <ErrorMessage error={error} />
      </div>
    );
  return null;
}
