import {
  type Agreement,
  type Annotation,
  type AnnotationImportItem,
  type AnnotationQueueItem,
  type Confusion,
  type JudgeAnnotation,
  type PutAnnotationBody,
  routes,
  type VersionAgreement,
} from "@assay/protocol";
import type { RouteOutput } from "../core/api-client.ts";
import type { RequestOptions } from "../core/client-options.ts";
import { checkAnnotationItems, readAnnotationFile } from "./annotation-file.ts";
import { openLocalFile } from "./local-file.ts";
import { clampPageSize, type Pagination, pagination } from "./pagination.ts";
import { type IdRef, idOf } from "./refs.ts";
import { APIResource } from "./resource.ts";

/** What `annotations.import()` takes: a JSONL file's path (Node.js only) or contents, or items. */
export type AnnotationImportSource = string | Blob | readonly AnnotationImportItem[];

export type ImportAnnotationsResult = RouteOutput<typeof routes.importAnnotations>["data"];
export type DeleteAnnotationResult = RouteOutput<typeof routes.deleteAnnotation>["data"];

/** The most queue items the server answers in one page. */
const QUEUE_PAGE_SIZE = 10_000;

/** Paging of `annotations.listForJudge()`. */
export interface JudgeAnnotationListParams {
  /** 1-based; default 1. */
  page?: number | undefined;
  /** Default 100, clamped to 1…500. */
  pageSize?: number | undefined;
}

export interface JudgeAnnotationPage {
  /** Newest first, each beside the judge's latest verdict on its trace. */
  annotations: JudgeAnnotation[];
  /** Labels on this page. */
  count: number;
  /** The judge's labels on all pages (the wire's `total`). */
  totalCount: number;
  /** How the judge's verdicts agree with all of its labels. */
  agreement: Agreement;
  /** The 2×2 table (person × judge) behind `agreement`. */
  confusion: Confusion;
  /** The agreement of each judge version that judged a labelled trace, oldest first. */
  byVersion: VersionAgreement[];
  pagination: Pagination;
}

/**
 * The labels `import()` would send, read and checked the same way (bad lines raise
 * `InvalidAnnotationsError`), for a caller that wants to look at them first.
 */
export async function loadAnnotations(
  source: AnnotationImportSource,
): Promise<AnnotationImportItem[]> {
  if (typeof source === "string") return readAnnotationFile(await openLocalFile(source), source);
  if (source instanceof Blob) return readAnnotationFile(source, "the file given");
  return checkAnnotationItems(source);
}

/**
 * `client.annotations` (Assay extension): people's labels of what a judge should say about a
 * trace, one per (judge, trace). A label is put through one of the judge's trace evaluations of
 * the trace; the judge's `agreement` compares its latest verdicts with the labels.
 */
export class Annotations extends APIResource {
  /** Labels the evaluation's (judge, trace), replacing an earlier label of the pair whole. */
  async put(
    traceEvaluation: IdRef,
    label: PutAnnotationBody,
    options?: RequestOptions,
  ): Promise<Annotation> {
    const { data } = await this.client.request(
      routes.putAnnotation,
      {
        params: {
          trace_evaluation_id: idOf(traceEvaluation, "traceEvaluation", "TraceEvaluation"),
        },
        body: label,
      },
      options,
    );
    return data;
  }

  /** The label of the evaluation's (judge, trace); none (or an unknown id) raises `NotFoundError`. */
  async get(traceEvaluation: IdRef, options?: RequestOptions): Promise<Annotation> {
    const { data } = await this.client.request(
      routes.getAnnotation,
      {
        params: {
          trace_evaluation_id: idOf(traceEvaluation, "traceEvaluation", "TraceEvaluation"),
        },
      },
      options,
    );
    return data;
  }

  /** Removes the label of the evaluation's (judge, trace); answers the label's id. */
  async delete(traceEvaluation: IdRef, options?: RequestOptions): Promise<DeleteAnnotationResult> {
    const { data } = await this.client.request(
      routes.deleteAnnotation,
      {
        params: {
          trace_evaluation_id: idOf(traceEvaluation, "traceEvaluation", "TraceEvaluation"),
        },
      },
      options,
    );
    return data;
  }

  /**
   * Imports labels, all or nothing: a JSONL file (a path, Node.js only, or its contents as a
   * Blob) of `{trace_id, judge_id, passed, score?, comment?}` lines, or those objects in an
   * array. Every line is checked first: bad ones raise `InvalidAnnotationsError` naming each line
   * and nothing is sent. A pair listed twice keeps its last label; a pair the judge never
   * evaluated gets a trace evaluation, queued to run. At most 10 000 labels per call.
   */
  async import(
    source: AnnotationImportSource,
    options?: RequestOptions,
  ): Promise<ImportAnnotationsResult> {
    const { data } = await this.client.request(
      routes.importAnnotations,
      { body: { annotations: await loadAnnotations(source) } },
      options,
    );
    return data;
  }

  /** One page of a judge's labels, newest first, with the judge's agreement. */
  async listForJudge(
    judge: IdRef,
    params: JudgeAnnotationListParams = {},
    options?: RequestOptions,
  ): Promise<JudgeAnnotationPage> {
    const page = params.page ?? 1;
    const pageSize = clampPageSize(params.pageSize);
    const { data } = await this.client.request(
      routes.listJudgeAnnotations,
      { params: { judge_id: idOf(judge, "judge", "Judge") }, query: { page, page_size: pageSize } },
      options,
    );
    return {
      annotations: data.annotations,
      count: data.count,
      totalCount: data.total,
      agreement: data.agreement,
      confusion: data.confusion,
      byVersion: data.by_version,
      pagination: pagination(page, pageSize, data.total),
    };
  }

  /**
   * Every trace the judge evaluated, in the order to label them: unlabelled first, then those
   * whose label the judge's latest verdict contradicts, then the rest; each oldest first, with
   * the trace evaluation to put its label through. Read 10,000 items a request.
   */
  async queue(judge: IdRef, options?: RequestOptions): Promise<AnnotationQueueItem[]> {
    const judgeId = idOf(judge, "judge", "Judge");
    const items: AnnotationQueueItem[] = [];
    for (let page = 1; ; page++) {
      const { data } = await this.client.request(
        routes.annotationQueue,
        { params: { judge_id: judgeId }, query: { page, page_size: QUEUE_PAGE_SIZE } },
        options,
      );
      items.push(...data.items);
      if (data.count < QUEUE_PAGE_SIZE || items.length >= data.total) return items;
    }
  }
}
