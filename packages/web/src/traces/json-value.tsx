import { ClippedText } from "./clipped-text.tsx";
import { pretty } from "./shapes/pretty.ts";
import "./trace-parts.css";

/** A field of a record as `key` and its value, pretty-printed (JSON text included). */
export function Fields({ fields }: { fields: readonly (readonly [string, unknown])[] }) {
  if (fields.length === 0) return null;
  return (
    <dl className="trace-fields">
      {fields.map(([key, value]) => (
        <div key={key}>
          <dt>{key}</dt>
          <dd>
            <ClippedText text={pretty(value)} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
