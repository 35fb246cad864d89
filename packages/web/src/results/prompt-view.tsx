interface Message {
  role: string;
  content: string;
}

/** A chat prompt is stored as its JSON messages; anything else is plain text. */
function asMessages(prompt: string): Message[] | null {
  if (!prompt.startsWith("[")) return null;
  try {
    const value: unknown = JSON.parse(prompt);
    if (
      Array.isArray(value) &&
      value.length > 0 &&
      value.every((m) => typeof m?.role === "string" && typeof m?.content === "string")
    )
      return value as Message[];
  } catch {
    // Not JSON: a prompt that happens to start with "[".
  }
  return null;
}

/** The whole prompt, never truncated: chat messages one by one, or the text as written. */
export function PromptView({ prompt }: { prompt: string }) {
  const messages = asMessages(prompt);
  if (!messages) return <pre className="text-block">{prompt}</pre>;
  return (
    <ol className="messages">
      {messages.map((m, i) => (
        // Messages have no ids and never reorder.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <li key={i}>
          <span className="role">{m.role}</span>
          <pre className="text-block">{m.content}</pre>
        </li>
      ))}
    </ol>
  );
}
