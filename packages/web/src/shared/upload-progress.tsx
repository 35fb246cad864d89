import { megabytes, type UploadProgress } from "./upload-file.ts";
import "./upload.css";

/** Bytes sent of the file being uploaded; once all are sent, the server is reading the file. */
export function UploadProgressBar({
  progress,
  after,
}: {
  progress: UploadProgress | undefined;
  /** What the server does once the last byte has arrived. */
  after: string;
}) {
  if (!progress) return null;
  const done = progress.loaded >= progress.total;
  return (
    <div className="progress upload-progress" aria-live="polite">
      <progress
        max={progress.total}
        value={progress.loaded}
        aria-label={`uploading ${progress.filename}`}
      />
      <span className="muted small">
        {done
          ? after
          : `${progress.filename}: ${megabytes(progress.loaded)} of ${megabytes(progress.total)}`}
      </span>
    </div>
  );
}
