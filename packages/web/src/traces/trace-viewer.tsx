import type { Trace } from "@assay/protocol";
import { type KeyboardEvent, useMemo, useState } from "react";
import { AgentEvents } from "./agent-events-view.tsx";
import { ChatTurns } from "./chat-turn-view.tsx";
import { InputOutput } from "./input-output-view.tsx";
import { JsonTree } from "./json-tree.tsx";
import { Fields } from "./json-value.tsx";
import { readTrace, type TraceView } from "./shapes/read-trace.ts";
import { SpanTree } from "./span-tree-view.tsx";
import { FORMAT_LABELS } from "./trace-format.ts";
import "./trace-viewer.css";

const TABS = ["rendered", "raw"] as const;
type Tab = (typeof TABS)[number];

/** The trace as a person reads it, and as it was uploaded (Raw JSON), in two tabs. */
export function TraceViewer({ trace }: { trace: Trace }) {
  const [tab, setTab] = useState<Tab>("rendered");
  const view = useMemo(() => readTrace(trace.data, trace.format), [trace.data, trace.format]);
  // Arrow keys move between tabs, as in any tab list.
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    const next = TABS[(TABS.indexOf(tab) + 1) % TABS.length] as Tab;
    setTab(next);
    document.getElementById(`trace-tab-${next}`)?.focus();
  };
  return (
    <div className="trace-viewer">
      <div className="tabs" role="tablist" aria-label="Trace views" onKeyDown={onKey}>
        {TABS.map((name) => (
          <button
            key={name}
            id={`trace-tab-${name}`}
            type="button"
            role="tab"
            aria-selected={tab === name}
            aria-controls={`trace-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
          >
            {name === "raw" ? "Raw JSON" : FORMAT_LABELS[view.format]}
          </button>
        ))}
      </div>
      <div
        id={`trace-panel-${tab}`}
        role="tabpanel"
        aria-labelledby={`trace-tab-${tab}`}
        className="trace-panel"
      >
        {tab === "raw" ? <JsonTree value={trace.data} /> : <Rendered view={view} trace={trace} />}
      </div>
    </div>
  );
}

function Rendered({ view, trace }: { view: TraceView; trace: Trace }) {
  switch (view.format) {
    case "openai_chat": {
      const { chat } = view;
      return (
        <div className="openai-chat">
          <p className="muted small">
            {chat.model ? <>model {chat.model} · </> : null}
            {chat.turns.length} message{chat.turns.length === 1 ? "" : "s"}
            {chat.tools.length > 0 ? <> · tools available: {chat.tools.join(", ")}</> : null}
            {chat.usage ? <> · tokens: {chat.usage}</> : null}
          </p>
          {chat.error ? <p className="error">The response was an error: {chat.error}</p> : null}
          <ChatTurns turns={chat.turns} />
          <Fields fields={chat.extra} />
        </div>
      );
    }
    case "otel_genai":
      return <SpanTree tree={view.tree} />;
    case "agent_events":
      return <AgentEvents run={view.run} />;
    case "input_output":
      return <InputOutput exchange={view.exchange} />;
    default:
      return (
        <>
          <p className="muted small">
            A record of no recognized shape ({FORMAT_LABELS[trace.format]}), key by key.
          </p>
          <Fields fields={Object.entries(trace.data)} />
        </>
      );
  }
}
