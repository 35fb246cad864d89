import type { Trace } from "@assay/protocol";

/**
 * A trace as a person reads it while labelling: its chat messages with roles and tool calls, or
 * its input and output, and the raw record folded away. A small renderer of its own, until the
 * Traces view's viewer can be shared.
 */
export function TraceView({ trace }: { trace: Trace }) {
  const messages = messagesOf(trace.data);
  const output = textOf(trace.data.output ?? trace.data.response ?? trace.data.completion);
  return (
    <div className="trace-view">
      {messages ? (
        <ol className="messages">
          {messages.map((message, i) => (
            // Messages never reorder: the position is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={i} className={`message role-${message.role}`}>
              <span className="role">{message.role}</span>
              {message.text !== "" && <p className="text">{message.text}</p>}
              {message.toolCalls && <pre className="tool-calls">{message.toolCalls}</pre>}
            </li>
          ))}
        </ol>
      ) : (
        trace.input !== undefined && (
          <section>
            <h3>Input</h3>
            <p className="text">{trace.input}</p>
          </section>
        )
      )}
      {output !== "" && (
        <section>
          <h3>Output</h3>
          <p className="text">{output}</p>
        </section>
      )}
      <details className="raw">
        <summary>Raw JSON</summary>
        <pre>{JSON.stringify(trace.data, null, 2)}</pre>
      </details>
    </div>
  );
}

interface Message {
  role: string;
  text: string;
  toolCalls: string | undefined;
}

function messagesOf(data: Record<string, unknown>): Message[] | undefined {
  const list = data.messages;
  if (!Array.isArray(list) || list.length === 0) return undefined;
  return list.map((raw) => {
    const message = (raw ?? {}) as Record<string, unknown>;
    const calls = message.tool_calls;
    return {
      role: typeof message.role === "string" ? message.role : "message",
      text: textOf(message.content),
      toolCalls:
        Array.isArray(calls) && calls.length > 0 ? JSON.stringify(calls, null, 2) : undefined,
    };
  });
}

/** Text of a string, of content parts (`[{type: "text", text}]`), or JSON of anything else. */
function textOf(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  if (Array.isArray(value))
    return value
      .map((part) =>
        typeof part === "object" && part !== null && typeof part.text === "string"
          ? part.text
          : textOf(part),
      )
      .join("\n");
  return JSON.stringify(value, null, 2);
}
