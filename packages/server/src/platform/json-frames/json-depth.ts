import { closingQuote } from "./framing.ts";
import { CLOSE_BRACE, CLOSE_BRACKET, OPEN_BRACE, OPEN_BRACKET, QUOTE } from "./json-bytes.ts";

/**
 * Whether JSON text (UTF-8 bytes) nests objects and arrays deeper than `max`; brackets inside
 * strings do not count. Checked before parsing, so that nothing recursive downstream (renderers,
 * prototype scans) ever meets a deeper value. Strings are skipped with indexOf, which keeps the
 * scan cheap on text-heavy records where most bytes are inside strings.
 */
export function nestsDeeperThan(bytes: Buffer, max: number): boolean {
  // Most records open far fewer brackets than the limit (a long list of numbers opens one):
  // counting them with indexOf is much cheaper than walking every byte.
  if (openingsAtMost(bytes, max)) return false;
  let depth = 0;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (byte === QUOTE) i = closingQuote(bytes, i);
    else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      depth += 1;
      if (depth > max) return true;
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) depth -= 1;
  }
  return false;
}

/** Whether the text holds at most `limit` opening brackets (in strings or not). */
function openingsAtMost(bytes: Buffer, limit: number): boolean {
  let count = 0;
  for (const open of [OPEN_BRACE, OPEN_BRACKET]) {
    for (let i = bytes.indexOf(open); i !== -1; i = bytes.indexOf(open, i + 1)) {
      count += 1;
      if (count > limit) return false;
    }
  }
  return true;
}
