import {
  EVENT_ID_HEADER,
  EVENT_TYPE_HEADER,
  type IntegrationEvent,
  type IntegrationType,
  SIGNATURE_HEADER,
} from "@assay/protocol";
import type { Dispatcher } from "undici";
import { MODEL_URL_BLOCKED } from "../../platform/ssrf/guarded-dispatcher.ts";
import { signatureHeader } from "./signature.ts";

/** The receiver's answer is kept this far in the log. */
export const EXCERPT_CHARS = 500;
const READ_BYTES = 4096;

export interface SendResult {
  /** The receiver acknowledged (2xx). */
  ok: boolean;
  httpStatus: number | null;
  latencyMs: number;
  excerpt: string;
  /** Why no acknowledgement came, when the status does not say it. */
  error: string | null;
}

export interface SendTarget {
  type: IntegrationType;
  hostUrl: string;
  secret: string;
}

/** What a Slack incoming webhook shows: one message in Slack's markup, with the dashboard link. */
export function slackText(event: IntegrationEvent): string {
  const link = event.data.url ? `\n<${event.data.url}|Open in Assay>` : "";
  return `*Assay* · \`${event.type}\`\n${event.data.summary}${link}`;
}

/** The exact bytes POSTed (and signed): the event, or for Slack `{"text": …}`. */
export function bodyFor(type: IntegrationType, event: IntegrationEvent): string {
  return JSON.stringify(type === "slack" ? { text: slackText(event) } : event);
}

/**
 * POSTs one event, signed, through the SSRF-guarded dispatcher the model gateway uses (private
 * addresses refused unless ALLOWED_MODEL_HOSTS allows them; no redirects followed). Never
 * throws: every way it can go is a SendResult for the log.
 */
export async function sendEvent(
  dispatcher: Dispatcher,
  target: SendTarget,
  event: IntegrationEvent,
  options: { timeoutMs: number; nowSeconds: number },
): Promise<SendResult> {
  const body = bodyFor(target.type, event);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    const url = new URL(target.hostUrl);
    const response = await dispatcher.request({
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "Assay-Integrations/1",
        [SIGNATURE_HEADER.toLowerCase()]: signatureHeader(target.secret, body, options.nowSeconds),
        [EVENT_ID_HEADER.toLowerCase()]: event.id,
        [EVENT_TYPE_HEADER.toLowerCase()]: event.type,
      },
      body,
      signal: controller.signal,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
    const excerpt = await readExcerpt(response.body);
    const ok = response.statusCode >= 200 && response.statusCode < 300;
    const redirect = response.statusCode >= 300 && response.statusCode < 400;
    return {
      ok,
      httpStatus: response.statusCode,
      latencyMs: elapsed(),
      excerpt,
      error: redirect ? "redirects are not followed" : null,
    };
  } catch (error) {
    return {
      ok: false,
      httpStatus: null,
      latencyMs: elapsed(),
      excerpt: "",
      error: describe(error, controller.signal.aborted, options.timeoutMs),
    };
  } finally {
    clearTimeout(timer);
  }
}

async function readExcerpt(body: Dispatcher.ResponseData["body"]): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size >= READ_BYTES) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).toString("utf8").slice(0, EXCERPT_CHARS);
}

/** A fixed text per kind of failure: the log never carries what DNS said about internal names. */
function describe(error: unknown, timedOut: boolean, timeoutMs: number): string {
  if (timedOut) return `the receiver did not answer within ${timeoutMs} ms`;
  const code =
    (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  if (code === MODEL_URL_BLOCKED)
    return "refused: host_url resolves to a private, loopback or link-local address (ALLOWED_MODEL_HOSTS is the service's setting that allows it)";
  if (code === "ECONNREFUSED") return "connection refused";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "host_url's host does not resolve";
  if (code !== undefined) return `network error (${code})`;
  return "network error";
}
