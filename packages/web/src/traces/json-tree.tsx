import { useState } from "react";
import "./json-tree.css";

/** Children of one object or array drawn at a time; more on request. */
const CHUNK = 200;

/**
 * The record as it was uploaded, as a collapsible tree: the first two levels open, deeper
 * objects and arrays closed and drawn only once opened, so a 5 MiB trace costs nothing until read.
 */
export function JsonTree({ value }: { value: unknown }) {
  return (
    <section className="json-tree" aria-label="raw JSON">
      <JsonNode name={undefined} value={value} depth={0} />
    </section>
  );
}

function JsonNode({
  name,
  value,
  depth,
}: {
  name: string | undefined;
  value: unknown;
  depth: number;
}) {
  const label =
    name === undefined ? null : <span className="json-key">{JSON.stringify(name)}: </span>;
  if (value === null || typeof value !== "object")
    return (
      <div className="json-leaf">
        {label}
        <JsonLeaf value={value} />
      </div>
    );
  return <JsonBranch label={label} value={value as object} depth={depth} />;
}

function JsonBranch({
  label,
  value,
  depth,
}: {
  label: React.ReactNode;
  value: object;
  depth: number;
}) {
  const [open, setOpen] = useState(depth < 2);
  const [shown, setShown] = useState(CHUNK);
  const isArray = Array.isArray(value);
  const entries: [string, unknown][] = isArray
    ? (value as unknown[]).map((v, i) => [String(i), v])
    : Object.entries(value);
  const [openMark, closeMark] = isArray ? ["[", "]"] : ["{", "}"];
  const size = `${entries.length} ${isArray ? "item" : "key"}${entries.length === 1 ? "" : "s"}`;
  return (
    <details
      className="json-branch"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>
        {label}
        {openMark}
        {open ? null : <span className="muted small"> {size} </span>}
        {open ? null : closeMark}
      </summary>
      {open ? (
        <div className="json-children">
          {entries.slice(0, shown).map(([key, child]) => (
            <JsonNode key={key} name={isArray ? undefined : key} value={child} depth={depth + 1} />
          ))}
          {entries.length > shown ? (
            <button type="button" className="link small" onClick={() => setShown((n) => n + CHUNK)}>
              Show {Math.min(CHUNK, entries.length - shown)} more of {entries.length - shown}
            </button>
          ) : null}
          <div>{closeMark}</div>
        </div>
      ) : null}
    </details>
  );
}

/** Longer strings show their start and the rest on request, as in the rendered view. */
const LEAF_CHARS = 2000;

function JsonLeaf({ value }: { value: unknown }) {
  const [whole, setWhole] = useState(false);
  const kind = value === null ? "null" : typeof value;
  const text = JSON.stringify(value) ?? String(value);
  if (whole || text.length <= LEAF_CHARS) return <span className={`json-${kind}`}>{text}</span>;
  return (
    <>
      <span className={`json-${kind}`}>{text.slice(0, LEAF_CHARS)}…</span>{" "}
      <button type="button" className="link small" onClick={() => setWhole(true)}>
        Show all {text.length.toLocaleString()} characters
      </button>
    </>
  );
}
