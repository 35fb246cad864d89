import { ClippedText } from "./clipped-text.tsx";
import { LazyList } from "./lazy-list.tsx";
import { type ChatTurn, toolMessageText } from "./shapes/chat-turns.ts";
import "./trace-parts.css";
import "./chat-turns.css";

/** A conversation, one message after the other, drawn in steps when long. */
export function ChatTurns({ turns }: { turns: readonly ChatTurn[] }) {
  return (
    <LazyList
      items={turns}
      noun="messages"
      className="chat-turns"
      render={(turn, index) => <ChatTurnView key={index} turn={turn} />}
    />
  );
}

function roleClass(role: string): string {
  const known = ["system", "user", "assistant", "tool", "developer", "human", "function"];
  return known.includes(role.toLowerCase()) ? `role-${role.toLowerCase()}` : "role-other";
}

/** One message: who said it, what, the tools it called with their arguments, and results. */
export function ChatTurnView({ turn }: { turn: ChatTurn }) {
  const isTool = turn.role === "tool" || turn.role === "function";
  return (
    <li className={`chat-turn ${roleClass(turn.role)}`} data-role={turn.role}>
      <div className="turn-head">
        <span className="role">{turn.role}</span>
        {turn.name ? <span className="muted small">{turn.name}</span> : null}
        {turn.toolCallId ? (
          <span className="muted small num" title="the tool call this answers">
            ↩ {turn.toolCallId}
          </span>
        ) : null}
        {turn.finishReason ? (
          <span className="muted small">finish: {turn.finishReason}</span>
        ) : null}
      </div>
      {turn.text !== "" ? (
        <ClippedText text={isTool ? toolMessageText(turn) : turn.text} className="turn-text" />
      ) : null}
      {turn.attachments.length > 0 ? (
        <p className="muted small">{turn.attachments.join(" ")}</p>
      ) : null}
      {turn.toolCalls.map((call, i) => (
        <div key={call.id ?? i} className="tool-call">
          <div className="tool-head">
            <span className="tool-kind">tool call</span>{" "}
            <code className="tool-name">{call.name}</code>
            {call.id ? <span className="muted small num"> {call.id}</span> : null}
          </div>
          {call.arguments !== "" ? (
            <ClippedText text={call.arguments} className="tool-args" />
          ) : null}
        </div>
      ))}
      {turn.toolResults.map((result, i) => (
        <div key={result.id ?? i} className="tool-result">
          <div className="tool-head">
            <span className="tool-kind">tool result</span>
            {result.id ? <span className="muted small num"> ↩ {result.id}</span> : null}
          </div>
          <ClippedText text={result.text} />
        </div>
      ))}
      {turn.text === "" &&
      turn.toolCalls.length === 0 &&
      turn.toolResults.length === 0 &&
      turn.attachments.length === 0 ? (
        <p className="muted small">(empty)</p>
      ) : null}
    </li>
  );
}
