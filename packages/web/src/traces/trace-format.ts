import type { TraceFormat } from "@assay/protocol";
import { dateTime } from "../shared/format.ts";

/** Each recognized shape as a person names it. */
export const FORMAT_LABELS: Record<TraceFormat, string> = {
  openai_chat: "chat",
  otel_genai: "OTel spans",
  agent_events: "agent events",
  input_output: "input / output",
  json: "JSON",
};

/** A trace's ISO timestamp, in the dashboard's one date format. */
export const shortDateTime = (iso: string): string => dateTime(iso);
