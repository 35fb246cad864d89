import type { TraceFormat } from "@assay/protocol";

/** Each recognized shape as a person names it. */
export const FORMAT_LABELS: Record<TraceFormat, string> = {
  openai_chat: "chat",
  otel_genai: "OTel spans",
  agent_events: "agent events",
  input_output: "input / output",
  json: "JSON",
};

/** An ISO timestamp as a short local date and time. */
export function shortDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, {
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
  });
}
