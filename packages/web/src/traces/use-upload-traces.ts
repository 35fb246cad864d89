import { routes } from "@assay/protocol";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { getClient } from "../api/client.ts";
import { type AnnouncedFile, type UploadProgress, uploadFile } from "../shared/upload-file.ts";
import { tracesKey } from "./use-traces.ts";

async function announceTraceFile(file: AnnouncedFile) {
  const { data } = await getClient().request(routes.createTraceUpload, { body: file });
  return data;
}

/**
 * Uploads a trace file through its presigned URL (progress from the PUT's upload events), then
 * asks the server to read it: one trace per record, or a 422 naming the bad lines and nothing
 * created. Answers the new traces' ids, in file order.
 */
export function useUploadTraces() {
  const [progress, setProgress] = useState<UploadProgress>();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async (file: File) => {
      await uploadFile(file, announceTraceFile, setProgress);
      const { data } = await getClient().request(routes.createTraces, {
        body: { filename: file.name },
      });
      return { filename: file.name, traceIds: data.trace_ids };
    },
    onSettled: () => {
      setProgress(undefined);
      return queryClient.invalidateQueries({ queryKey: tracesKey });
    },
  });
  return { ...mutation, progress };
}
