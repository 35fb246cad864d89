import { useState } from "react";
import "./trace-parts.css";

/** Longer texts show their start, and the rest on request: a 1 MB message does not stall the page. */
const CLIP_CHARS = 2000;

export function ClippedText({ text, className }: { text: string; className?: string }) {
  const [whole, setWhole] = useState(false);
  const clipped = !whole && text.length > CLIP_CHARS;
  return (
    <div className={className}>
      <pre className="trace-text">{clipped ? `${text.slice(0, CLIP_CHARS)}…` : text}</pre>
      {clipped ? (
        <button type="button" className="link small" onClick={() => setWhole(true)}>
          Show all {text.length.toLocaleString()} characters
        </button>
      ) : null}
    </div>
  );
}
