import type { Integration } from "@assay/protocol";

const LABELS: Record<Integration["status"], string> = {
  new: "not sent yet",
  ok: "delivering",
  failing: "failing",
};

/** How deliveries are going, and whether anything is being sent at all. */
export function IntegrationStatus({ integration }: { integration: Integration }) {
  if (!integration.active) return <span className="status status-paused">inactive</span>;
  return (
    <span className={`status integration-${integration.status}`}>{LABELS[integration.status]}</span>
  );
}
