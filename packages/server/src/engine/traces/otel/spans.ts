import { isObject, isSpan, type JsonObject, spanTime, text } from "@assay/protocol/trace-shapes";

// Where spans come from: an OTLP/JSON export (`{resourceSpans: [{scopeSpans: [{spans}]}]}`, as the
// collector's file exporter and `otlp-json` dumps write it), or one span per record (OTLP field
// names, `traceId`/`spanId`). An export holds spans of many traces, and one trace's spans may be
// spread over several exports, so spans are grouped by trace id before they become traces.

/** The spans a record carries, or undefined when it is neither an export nor a span. */
export function spansOfRecord(record: JsonObject): JsonObject[] | undefined {
  if (Array.isArray(record.resourceSpans)) {
    const spans: JsonObject[] = [];
    for (const resource of record.resourceSpans) {
      if (!isObject(resource)) continue;
      // `instrumentationLibrarySpans`: the name before OTLP 0.15.
      const scopes = resource.scopeSpans ?? resource.instrumentationLibrarySpans;
      if (!Array.isArray(scopes)) continue;
      const withResource = resourceOf(resource);
      for (const scope of scopes) {
        if (isObject(scope) && Array.isArray(scope.spans))
          spans.push(...scope.spans.filter(isObject).map(withResource));
      }
    }
    return spans;
  }
  return isSpan(record) ? [record] : undefined;
}

/**
 * Each span keeps its export's resource (`service.name` and the like, which the trace list
 * shows): grouping by trace id drops the export around it. A span that has its own is left as is.
 */
function resourceOf(resource: JsonObject): (span: JsonObject) => JsonObject {
  if (!isObject(resource.resource)) return (span) => span;
  const shared = resource.resource;
  return (span) => (span.resource === undefined ? { ...span, resource: shared } : span);
}

export function spanTraceId(span: JsonObject): string {
  return text(span.traceId) ?? "";
}

/** Spans in start order; spans without a start time keep their order, after the others. */
export function sortByStart(spans: readonly JsonObject[]): JsonObject[] {
  const keyed = spans.map((span, index) => ({
    span,
    index,
    start: spanTime(span, "startTimeUnixNano"),
  }));
  keyed.sort((a, b) => {
    if (a.start === undefined || b.start === undefined) {
      if (a.start !== b.start) return a.start === undefined ? 1 : -1;
      return a.index - b.index;
    }
    return a.start < b.start ? -1 : a.start > b.start ? 1 : a.index - b.index;
  });
  return keyed.map((k) => k.span);
}

export interface SpanGroup {
  traceId: string;
  /** The record (line or item) where the trace's first span appeared. */
  line: number;
  spans: JsonObject[];
}

/** Collects spans by trace id, remembering the order in which trace ids first appeared. */
export function createSpanGroups() {
  const groups = new Map<string, SpanGroup>();
  return {
    add(spans: readonly JsonObject[], line: number): void {
      for (const span of spans) {
        const traceId = spanTraceId(span);
        let group = groups.get(traceId);
        if (!group) {
          group = { traceId, line, spans: [] };
          groups.set(traceId, group);
        }
        group.spans.push(span);
      }
    },
    get size() {
      return groups.size;
    },
    /** Each trace once, spans in start order: `{trace_id, spans}`. */
    *traces(): Generator<{ line: number; data: { trace_id: string; spans: JsonObject[] } }> {
      for (const group of groups.values()) {
        yield {
          line: group.line,
          data: { trace_id: group.traceId, spans: sortByStart(group.spans) },
        };
        // Handed over: the caller serializes each trace once; holding the spans is no longer needed.
        groups.delete(group.traceId);
      }
    },
  };
}
