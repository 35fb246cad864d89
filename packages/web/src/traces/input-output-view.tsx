import { ChatTurns } from "./chat-turn-view.tsx";
import { ClippedText } from "./clipped-text.tsx";
import { Fields } from "./json-value.tsx";
import type { InputOutputView, ValueView } from "./shapes/input-output.ts";
import { pretty } from "./shapes/pretty.ts";

/** One exchange: what went in, what came out, and whatever else the record carries. */
export function InputOutput({ exchange }: { exchange: InputOutputView }) {
  return (
    <div className="input-output">
      <h3>Input</h3>
      <Value value={exchange.input} />
      {exchange.output ? (
        <>
          <h3>Output</h3>
          <Value value={exchange.output} />
        </>
      ) : null}
      <Fields fields={exchange.extra} />
    </div>
  );
}

function Value({ value }: { value: ValueView }) {
  if (value.kind === "turns") return <ChatTurns turns={value.turns} />;
  return (
    <ClippedText
      text={value.kind === "text" ? value.text : pretty(value.value)}
      className="turn-text"
    />
  );
}
