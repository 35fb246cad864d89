import type { Integration, IntegrationDelivery } from "@assay/protocol";
import { ErrorMessage } from "../shared/error-message.tsx";
import { dateTime, milliseconds } from "../shared/format.ts";
import { useDeliveries } from "./use-integrations.ts";

/**
 * The integration's latest delivery attempts, newest first: each one's event, outcome, the
 * receiver's status and answer, how long it took, and when a failed event is tried again. Read
 * again every few seconds, as retries go on in the background.
 */
export function DeliveryLog({
  integration,
  onClose,
}: {
  integration: Integration;
  onClose: () => void;
}) {
  const log = useDeliveries(integration.id);
  const attempts = log.data?.deliveries ?? [];
  return (
    <section className="delivery-log" aria-labelledby="delivery-log-heading">
      <div className="page-head">
        <h2 id="delivery-log-heading">Delivery log · {integration.name}</h2>
        {log.data ? (
          <span className="muted small">
            {log.data.totalCount === attempts.length
              ? `${attempts.length} attempts`
              : `latest ${attempts.length} of ${log.data.totalCount} attempts`}
          </span>
        ) : null}
        <button type="button" className="close-log" onClick={onClose}>
          Close
        </button>
      </div>
      {log.isPending ? <p className="muted">Loading…</p> : null}
      {log.isError ? <ErrorMessage error={log.error} /> : null}
      {log.data && attempts.length === 0 ? (
        <p className="muted">
          Nothing sent yet. Send a test, or wait for a run of the organization to end.
        </p>
      ) : null}
      {attempts.length > 0 ? (
        <div className="table-scroll">
          <table className="deliveries-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Event</th>
                <th scope="col" className="right">
                  Attempt
                </th>
                <th scope="col">Outcome</th>
                <th scope="col" className="right">
                  HTTP
                </th>
                <th scope="col" className="right">
                  Time
                </th>
                <th scope="col">Answer</th>
                <th scope="col">Next try</th>
              </tr>
            </thead>
            <tbody>
              {attempts.map((d) => (
                <DeliveryRow key={d.id} delivery={d} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

function DeliveryRow({ delivery: d }: { delivery: IntegrationDelivery }) {
  const answer = d.response_excerpt || d.error || "";
  return (
    <tr data-delivery={d.id}>
      <td className="num" data-label="When">
        {dateTime(d.created_at)}
      </td>
      <td data-label="Event">
        <code className="small">{d.event_type}</code>
      </td>
      <td className="right num" data-label="Attempt">
        {d.attempt}
      </td>
      <td data-label="Outcome">
        <span className={`status delivery-${d.status}`}>{d.status}</span>
      </td>
      <td className="right num" data-label="HTTP">
        {d.http_status ?? "—"}
      </td>
      <td className="right num" data-label="Time">
        {milliseconds(d.latency_ms)}
      </td>
      <td className="answer" title={answer} data-label="Answer">
        {answer || <span className="muted">—</span>}
      </td>
      <td className="num" data-label="Next try">
        {d.next_attempt_at ? dateTime(d.next_attempt_at) : "—"}
      </td>
    </tr>
  );
}
