import { readableError } from "./readable-error.ts";

export function ErrorMessage({ error }: { error: unknown }) {
  return (
    <p className="error" role="alert">
      {readableError(error)}
    </p>
  );
}
