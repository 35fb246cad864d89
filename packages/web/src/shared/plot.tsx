import { useEffect, useRef, useState } from "react";
import { readableError } from "./readable-error.ts";

/** Observable Plot's module, loaded on first use: pages without charts never download it. */
export type PlotModule = typeof import("@observablehq/plot");

let loading: Promise<PlotModule> | undefined;
function loadPlot(): Promise<PlotModule> {
  loading ??= import("@observablehq/plot");
  return loading;
}

/**
 * The one bridge between React and Observable Plot: `render` builds a chart (an SVG or figure
 * element) with the lazily loaded module; it is put into this component's box and removed when
 * `render` changes or the component unmounts. Memoize `render` (useCallback) on its data.
 */
export function PlotFigure(props: {
  render: (plot: PlotModule) => Element;
  className?: string;
  label: string;
}) {
  const box = useRef<HTMLElement>(null);
  const [error, setError] = useState<unknown>();
  const { render } = props;

  useEffect(() => {
    let chart: Element | undefined;
    let cancelled = false;
    loadPlot()
      .then((plot) => {
        if (cancelled || !box.current) return;
        chart = render(plot);
        box.current.append(chart);
      })
      .catch((e: unknown) => setError(e));
    return () => {
      cancelled = true;
      chart?.remove();
    };
  }, [render]);

  if (error) {
    return (
      <p className="error" role="alert">
        The chart could not be drawn: {readableError(error)}
      </p>
    );
  }
  return <figure ref={box} className={`plot ${props.className ?? ""}`} aria-label={props.label} />;
}
