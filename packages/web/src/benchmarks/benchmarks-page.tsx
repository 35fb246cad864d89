import { useState } from "react";
import { ErrorMessage } from "../shared/error-message.tsx";
import { BenchmarksTable } from "./benchmarks-table.tsx";
import { SmartForm } from "./smart-form.tsx";
import { UploadForm } from "./upload-form.tsx";
import { useBenchmarks } from "./use-benchmarks.ts";
import "./benchmarks.css";

type Panel = "upload" | "smart";

/** The project's benchmarks, and the two ways to add one of its own. */
export function BenchmarksPage() {
  const benchmarks = useBenchmarks();
  const [panel, setPanel] = useState<Panel>();
  const toggle = (which: Panel) => setPanel((open) => (open === which ? undefined : which));
  const empty = benchmarks.data?.length === 0;

  return (
    <section className="benchmarks-view">
      <div className="page-head">
        <h1>Benchmarks</h1>
        {benchmarks.data ? <span className="muted count">{benchmarks.data.length}</span> : null}
        <div className="head-actions">
          <button type="button" aria-expanded={panel === "upload"} onClick={() => toggle("upload")}>
            Upload a dataset
          </button>
          <button type="button" aria-expanded={panel === "smart"} onClick={() => toggle("smart")}>
            Generate from documents
          </button>
        </div>
      </div>
      {/* Both forms stay mounted while closed, so nothing typed is lost by switching. */}
      <div className="form-panel" hidden={panel !== "upload"}>
        <h2>Upload a custom benchmark</h2>
        <UploadForm />
      </div>
      <div className="form-panel" hidden={panel !== "smart"}>
        <h2>Generate a smart benchmark</h2>
        <SmartForm />
      </div>
      {benchmarks.isPending ? <p className="muted">Loading…</p> : null}
      {benchmarks.isError ? <ErrorMessage error={benchmarks.error} /> : null}
      {empty ? (
        <div className="empty">
          <p>This project has no benchmarks yet.</p>
          <p>
            <button type="button" className="link" onClick={() => setPanel("upload")}>
              Upload a dataset
            </button>{" "}
            (JSONL or JSON of inputs and expected answers), or{" "}
            <button type="button" className="link" onClick={() => setPanel("smart")}>
              generate one from documents
            </button>
            . Built-in benchmarks detached from the project come back with the SDK (
            <code>assay catalog list</code> shows their ids):
          </p>
          <pre>
            <code>await client.benchmarks.add(["&lt;benchmark id&gt;"])</code>
          </pre>
        </div>
      ) : null}
      {benchmarks.data && benchmarks.data.length > 0 ? (
        <BenchmarksTable benchmarks={benchmarks.data} />
      ) : null}
    </section>
  );
}
