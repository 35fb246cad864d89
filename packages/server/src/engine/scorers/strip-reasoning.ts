const REASONING_TAGS = ["think", "thinking", "reasoning"];

/**
 * The response without its closed reasoning blocks (`<think>…</think>`, as DeepSeek-R1, Qwen3 and
 * others emit through Ollama or vLLM). Models try answers out while they reason ("maybe the answer
 * is A?"), and only what follows the reasoning is the answer to grade. An unclosed block — the
 * model ran out of tokens while thinking — is left as it is: there is no final answer to prefer.
 * Found with indexOf rather than a lazy regex, which is quadratic on many unclosed tags.
 */
export function stripReasoning(response: string): string {
  // Every closing tag starts so; most answers have none, and are scored without a lowercase copy.
  if (!response.includes("</")) return response;
  let text = response;
  let lower = text.toLowerCase();
  for (const tag of REASONING_TAGS) {
    const open = `<${tag}>`;
    const close = `</${tag}>`;
    if (!lower.includes(close)) continue;
    let kept = "";
    let from = 0;
    for (;;) {
      const start = lower.indexOf(open, from);
      const end = start < 0 ? -1 : lower.indexOf(close, start + open.length);
      if (end < 0) break;
      kept += text.slice(from, start);
      from = end + close.length;
    }
    text = kept + text.slice(from);
    lower = text.toLowerCase();
  }
  return text;
}
