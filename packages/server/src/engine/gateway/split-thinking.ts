const OPEN = "<think>";
const CLOSE = "</think>";

/**
 * Separates reasoning a model wrote into its answer as a leading `<think>…</think>` (DeepSeek-R1
 * and Qwen3 served raw, llama.cpp with `--reasoning-format none`). Only a block at the start
 * counts: a `<think>` later in an answer is the answer's own text. An unclosed block means the
 * answer never came (cut at the limit while thinking): all of it is reasoning.
 */
export function splitThinking(content: string): { thinking: string | null; answer: string } {
  const start = content.length - content.trimStart().length;
  if (!content.startsWith(OPEN, start)) return { thinking: null, answer: content };
  const end = content.indexOf(CLOSE, start + OPEN.length);
  if (end === -1) return { thinking: content.slice(start + OPEN.length).trim(), answer: "" };
  return {
    thinking: content.slice(start + OPEN.length, end).trim(),
    answer: content.slice(end + CLOSE.length).trimStart(),
  };
}
