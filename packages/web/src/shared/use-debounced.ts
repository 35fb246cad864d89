import { useEffect, useState } from "react";

/**
 * `value` once it has stayed the same for `delayMs`: a form typed into asks the server once the
 * typing pauses, not at every key. Values are compared by their JSON, so a new object with the
 * same contents does not restart the wait.
 */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the JSON key stands for `value`.
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [key, delayMs]);
  return settled;
}
