import { ChatTurns } from "./chat-turn-view.tsx";
import { ClippedText } from "./clipped-text.tsx";
import { Fields } from "./json-value.tsx";
import { LazyList } from "./lazy-list.tsx";
import type { AgentEventView, AgentRunView } from "./shapes/agent-events.ts";
import { pretty } from "./shapes/pretty.ts";
import "./trace-parts.css";
import "./agent-events.css";

/** An agent run: who ran it, then its events in the order they happened. */
export function AgentEvents({ run }: { run: AgentRunView }) {
  return (
    <div className="agent-run">
      {run.header.length > 0 ? (
        <p className="agent-header">
          {run.header.map(([key, value]) => (
            <span key={key}>
              <span className="muted">{key}</span> {value}
            </span>
          ))}
        </p>
      ) : null}
      <Fields fields={run.extra} />
      <LazyList
        items={run.events}
        noun="events"
        className="agent-events"
        render={(event) => <AgentEventRow key={event.n} event={event} />}
      />
    </div>
  );
}

function AgentEventRow({ event }: { event: AgentEventView }) {
  return (
    <li className="agent-event" data-type={event.type}>
      <div className="event-head">
        <span className="event-n num muted">{event.n}</span>
        <span className="event-type">{event.type}</span>
        {event.role ? <span className="role">{event.role}</span> : null}
        {event.timestamp ? (
          <span className="muted small num event-time">{event.timestamp}</span>
        ) : null}
      </div>
      {event.text !== undefined ? <ClippedText text={event.text} className="turn-text" /> : null}
      {event.tool ? (
        <div className="tool-call">
          <div className="tool-head">
            <span className="tool-kind">tool call</span>{" "}
            <code className="tool-name">{event.tool.name}</code>
          </div>
          {event.tool.arguments !== undefined ? (
            <ClippedText text={pretty(event.tool.arguments)} className="tool-args" />
          ) : null}
          {event.tool.result !== undefined ? (
            <div className="tool-result">
              <div className="tool-head">
                <span className="tool-kind">tool result</span>
              </div>
              <ClippedText text={pretty(event.tool.result)} />
            </div>
          ) : null}
        </div>
      ) : null}
      {event.turns.length > 0 ? <ChatTurns turns={event.turns} /> : null}
      <Fields fields={event.fields} />
    </li>
  );
}
