import { type CreateCustomBenchmarkBody, routes } from "@assay/protocol";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { getClient } from "../api/client.ts";
import { type AnnouncedFile, type UploadProgress, uploadFile } from "../shared/upload-file.ts";
import { benchmarksKey } from "./use-benchmarks.ts";

export interface CustomBenchmarkInput {
  name: string;
  description: string;
  file: File;
  /** The scorer and what goes with it (`scoringBody`); the server's defaults when left out. */
  scoring?: Omit<CreateCustomBenchmarkBody, "name" | "description" | "file">;
}

export interface SmartBenchmarkInput {
  name: string;
  description: string;
  system_prompt: string;
  files: File[];
}

/** A benchmark file's presigned URL; `key` groups a benchmark's files in the store. */
async function announceBenchmarkFile(key: string, file: AnnouncedFile) {
  const { data } = await getClient().request(routes.createBenchmarkUpload, {
    body: { key, ...file },
  });
  return data;
}

/**
 * Uploads a dataset and creates a custom benchmark from it (the server checks every row and
 * refuses the whole file with 422 naming the bad lines); `progress` follows the upload.
 */
export function useCreateCustomBenchmark() {
  const [progress, setProgress] = useState<UploadProgress>();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async ({ name, description, file, scoring }: CustomBenchmarkInput) => {
      await uploadFile(file, (f) => announceBenchmarkFile(name, f), setProgress);
      const { data } = await getClient().request(routes.createCustomBenchmark, {
        body: { name, description, file: file.name, ...scoring },
      });
      return data.benchmark_id;
    },
    onSettled: () => {
      setProgress(undefined);
      return queryClient.invalidateQueries({ queryKey: benchmarksKey });
    },
  });
  return { ...mutation, progress };
}

/** Uploads the documents one after the other, then asks for a benchmark generated from them. */
export function useCreateSmartBenchmark() {
  const [progress, setProgress] = useState<UploadProgress>();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async ({ files, ...fields }: SmartBenchmarkInput) => {
      for (const file of files)
        await uploadFile(file, (f) => announceBenchmarkFile(fields.name, f), setProgress);
      const { data } = await getClient().request(routes.createSmartBenchmark, {
        body: { ...fields, files: files.map((file) => file.name) },
      });
      return data.benchmark_id;
    },
    onSettled: () => {
      setProgress(undefined);
      return queryClient.invalidateQueries({ queryKey: benchmarksKey });
    },
  });
  return { ...mutation, progress };
}
