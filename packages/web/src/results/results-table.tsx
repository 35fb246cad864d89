import { type Result, withoutOpening } from "@assay/protocol";
import {
  columnVisibilityFeature,
  createColumnHelper,
  tableFeatures,
  useTable,
} from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useRef } from "react";
import { AnswerStrip } from "./answer-strip.tsx";
import { outcomeOf } from "./outcome.ts";
import { pagesOf } from "./use-results.ts";

/** A row of the filtered list: its index, and its result once its page has arrived. */
interface Row {
  index: number;
  result: Result | undefined;
  /** Times the run asks each prompt (the answers column's marks). */
  repeats: number;
  /** The opening every prompt shares, left out of the prompt column (the panel has it). */
  opening: string;
}

const ROW_HEIGHT = 34;
/** The sticky header's height (results.css): rows start below it, and scroll into view below it. */
const HEADER_HEIGHT = 32;
/** Rows rendered beyond the viewport, and so fetched ahead of the scroll. */
const OVERSCAN = 20;

// Table v9: the core and column visibility; rows are virtualized outside the table.
const features = tableFeatures({ columnVisibilityFeature });
const column = createColumnHelper<typeof features, Row>();
const oneLine = (text: string) => text.replace(/\s+/g, " ");

const columns = column.columns([
  column.accessor((row) => row.result?.position, {
    id: "position",
    header: "#",
    cell: (c) => c.getValue() ?? "…",
  }),
  column.accessor((row) => row.result && outcomeOf(row.result), {
    id: "outcome",
    header: "Outcome",
    cell: (c) => {
      const outcome = c.getValue();
      return outcome ? <span className={`outcome outcome-${outcome}`}>{outcome}</span> : null;
    },
  }),
  column.accessor((row) => row.result?.repeats, {
    id: "answers",
    header: "Answers",
    cell: (c) => {
      const answers = c.getValue();
      return answers ? <AnswerStrip answers={answers} repeats={c.row.original.repeats} /> : null;
    },
  }),
  column.accessor((row) => row.result?.subset, { id: "subset", header: "Subset" }),
  column.accessor((row) => row.result && oneLine(withoutOpening(row.result.prompt, row.opening)), {
    id: "prompt",
    header: "Prompt",
  }),
  column.accessor((row) => row.result?.truth, { id: "truth", header: "Truth" }),
  column.accessor((row) => row.result && (row.result.error ?? oneLine(row.result.result)), {
    id: "response",
    header: "Response",
  }),
  column.accessor((row) => row.result?.score, { id: "score", header: "Score" }),
  column.accessor((row) => row.result && row.result.tokens.prompt + row.result.tokens.completion, {
    id: "tokens",
    header: "Tokens",
  }),
  column.accessor((row) => row.result?.duration.toFixed(2), { id: "duration", header: "s" }),
]);

const NUMERIC = new Set(["position", "score", "tokens", "duration"]);
/** With the panel open the table is narrow: the panel shows these anyway. */
const COMPACT_HIDDEN = { subset: false, score: false, tokens: false, duration: false };
/** Every prompt is in the one unnamed subset: a column reading "default" on each row says nothing. */
const NO_SUBSETS_HIDDEN = { subset: false };
/**
 * Run with repeats: a prompt's score is the mean over its answers, and its tokens and time are
 * its first answer's; the answers column says more, and the panel has every answer's.
 */
const REPEATS_HIDDEN = { tokens: false, duration: false };

/** The answers column fits its marks (12 at most, then the count alone). */
const answersWidth = (repeats: number) => (repeats <= 12 ? 46 + repeats * 11 : 64);

/**
 * The filtered results as one long table of `total` rows, of which only those in view (and a
 * margin) are in the DOM; `onPages` says which pages of the API those rows need.
 */
export function ResultsTable(props: {
  total: number;
  rows: Map<number, Result>;
  cursor: number | undefined;
  /** The panel is open beside the table. */
  compact: boolean;
  onPages: (pages: number[]) => void;
  onOpen: (index: number) => void;
  /** Times the run asks each prompt: above 1, an answers column. */
  repeats?: number;
  /** The opening the prompts share (`withoutSharedOpening`), left out of the prompt column. */
  opening?: string;
  /** The run's prompts are in named subsets: a subset column. */
  subsets?: boolean;
}) {
  const { total, rows, cursor, compact, onPages, onOpen, repeats = 1 } = props;
  const { opening = "", subsets = false } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    paddingStart: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;
  const pagesKey = total === 0 ? "" : pagesOf(first, last).join(",");
  useEffect(() => {
    onPages(pagesKey === "" ? [] : pagesKey.split(",").map(Number));
  }, [pagesKey, onPages]);

  useEffect(() => {
    if (cursor !== undefined && cursor < total)
      virtualizer.scrollToIndex(cursor, { align: "auto" });
  }, [cursor, total, virtualizer]);

  const table = useTable({
    features,
    columns,
    data: items.map((item) => ({
      index: item.index,
      result: rows.get(item.index),
      repeats,
      opening,
    })),
    state: {
      columnVisibility: {
        ...(repeats > 1 ? REPEATS_HIDDEN : { answers: false }),
        ...(subsets ? {} : NO_SUBSETS_HIDDEN),
        ...(compact ? COMPACT_HIDDEN : {}),
      },
    },
  });
  const before = (items[0]?.start ?? HEADER_HEIGHT) - HEADER_HEIGHT;
  const after = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);

  return (
    <div className="results-scroller" ref={scroller}>
      <table className="results" aria-rowcount={total}>
        <colgroup>
          {table.getVisibleLeafColumns().map((c) => (
            <col
              key={c.id}
              className={`col-${c.id}`}
              style={c.id === "answers" ? { width: answersWidth(repeats) } : undefined}
            />
          ))}
        </colgroup>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} className={NUMERIC.has(header.column.id) ? "right" : ""}>
                  <table.FlexRender header={header} />
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {before > 0 ? <tr className="spacer" style={{ height: before }} /> : null}
          {table.getRowModel().rows.map((row) => {
            const { index, result } = row.original;
            return (
              <tr
                key={index}
                data-index={index}
                data-position={result?.position}
                aria-rowindex={index + 2}
                aria-selected={index === cursor}
                className={`${index === cursor ? "cursor" : ""}${result ? "" : " loading"}`}
                style={{ height: ROW_HEIGHT }}
                onClick={() => onOpen(index)}
              >
                {row.getVisibleCells().map((cell) => (
                  <td
                    key={cell.id}
                    className={`cell-${cell.column.id}${NUMERIC.has(cell.column.id) ? " right num" : ""}`}
                  >
                    {result || cell.column.id === "position" ? (
                      <table.FlexRender cell={cell} />
                    ) : null}
                  </td>
                ))}
              </tr>
            );
          })}
          {after > 0 ? <tr className="spacer" style={{ height: after }} /> : null}
        </tbody>
      </table>
    </div>
  );
}
