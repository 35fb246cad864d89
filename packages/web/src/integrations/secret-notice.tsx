import type { CreatedIntegration } from "@assay/client";
import { useState } from "react";

/**
 * The signing secret of the integration just created. The service never answers it again, so it
 * stays on screen until dismissed, with a copy button; nothing stores it in the page.
 */
export function SecretNotice({
  created,
  onDismiss,
}: {
  created: CreatedIntegration;
  onDismiss: () => void;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <section className="secret-notice" role="status" aria-labelledby="secret-heading">
      <h2 id="secret-heading">Created {created.name}: copy its signing secret now</h2>
      <p>
        Receivers verify the <code>{created.config.signature_header}</code> header of every delivery
        with this secret. It is shown only this once: Assay keeps it encrypted and never shows it
        again.
      </p>
      <div className="secret-row">
        <code className="secret" data-secret>
          {created.secret}
        </code>
        <button
          type="button"
          onClick={() =>
            navigator.clipboard.writeText(created.secret).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? "Copied" : "Copy"}
        </button>
      </div>
      <button type="button" className="primary" onClick={onDismiss}>
        I have stored the secret
      </button>
    </section>
  );
}
