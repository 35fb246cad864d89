import { type ReactNode, useEffect, useRef, useState } from "react";
import "./trace-parts.css";

/** Items drawn at first, and added each time the end of the list comes near the screen. */
const FIRST = 40;
const MORE = 120;

/**
 * A long list drawn in steps: the first items at once, more as the reader scrolls to the end
 * (or presses "Show more"), so a trace with thousands of messages opens as fast as a short one.
 */
export function LazyList<T>({
  items,
  render,
  className,
  noun,
}: {
  items: readonly T[];
  render: (item: T, index: number) => ReactNode;
  className?: string;
  /** What the items are, plural: "messages". */
  noun: string;
}) {
  const [shown, setShown] = useState(FIRST);
  const sentinel = useRef<HTMLLIElement>(null);
  const more = items.length > shown;

  useEffect(() => {
    const element = sentinel.current;
    if (!more || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setShown((n) => n + MORE);
      },
      { rootMargin: "600px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [more]);

  return (
    <ol className={className}>
      {items.slice(0, shown).map((item, index) => render(item, index))}
      {more ? (
        <li ref={sentinel} className="lazy-more">
          <button type="button" className="link" onClick={() => setShown((n) => n + MORE)}>
            Show more ({items.length - shown} more {noun})
          </button>
        </li>
      ) : null}
    </ol>
  );
}
