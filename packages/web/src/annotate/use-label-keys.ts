import { useEffect, useRef } from "react";

/** What each labelling key does; the page gives the current handlers on every render. */
export interface LabelKeyHandlers {
  label: (passed: boolean) => void;
  focusComment: () => void;
  focusScore: () => void;
  move: (step: 1 | -1) => void;
}

const EDITABLE = new Set(["INPUT", "TEXTAREA", "SELECT"]);

/**
 * Keyboard-only labelling: p pass, f fail, c comment, s score, n / j / → next, k / ← previous.
 * Keys typed into a field are the field's (Esc leaves it); one listener for the page's life,
 * reading the latest handlers through a ref.
 */
export function useLabelKeys(handlers: LabelKeyHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      const target = event.target as HTMLElement | null;
      if (target && (EDITABLE.has(target.tagName) || target.isContentEditable)) return;
      const h = latest.current;
      const action: (() => void) | undefined = {
        p: () => h.label(true),
        f: () => h.label(false),
        c: h.focusComment,
        s: h.focusScore,
        n: () => h.move(1),
        j: () => h.move(1),
        ArrowRight: () => h.move(1),
        k: () => h.move(-1),
        ArrowLeft: () => h.move(-1),
      }[event.key];
      if (!action) return;
      // The key is a command, not the first letter typed into the box it focuses.
      event.preventDefault();
      action();
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}
