import type { BenchmarkPrompt } from "@assay/client";

type Input = BenchmarkPrompt["input"];

/** A prompt's input in one line, for a table cell: the last user message of a chat. */
export function inputSummary(input: Input): string {
  if (typeof input === "string") return input;
  if (Array.isArray(input)) {
    const user = input.findLast((m) => m.role === "user") ?? input.at(-1);
    return user ? contentText(user.content) : "";
  }
  return JSON.stringify(input);
}

function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  // Content parts: the text ones, joined.
  if (Array.isArray(content))
    return content
      .map((part) => (typeof part?.text === "string" ? part.text : ""))
      .filter(Boolean)
      .join(" ");
  return JSON.stringify(content);
}

/** The whole input, never truncated: chat messages one by one, a JSON payload as JSON, or text. */
export function PromptInput({ input }: { input: Input }) {
  if (typeof input === "string") return <pre className="text-block">{input}</pre>;
  if (!Array.isArray(input))
    return <pre className="text-block">{JSON.stringify(input, null, 2)}</pre>;
  return (
    <ol className="messages">
      {input.map((message, i) => (
        // Messages have no ids and never reorder.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <li key={i}>
          <span className="role">{String(message.role ?? "message")}</span>
          <pre className="text-block">{contentText(message.content)}</pre>
        </li>
      ))}
    </ol>
  );
}
