import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * The real datasets shared beside the repository (`../shared/datasets`, GSM8K, MIT licensed).
 * Tests read them in place; nothing is downloaded. ASSAY_SHARED_DATASETS points elsewhere.
 */
function sharedDatasetsDir(): string {
  const candidates = [
    process.env.ASSAY_SHARED_DATASETS,
    fileURLToPath(new URL("../../../../shared/datasets", import.meta.url)),
    "/work/shared/datasets",
  ].filter((c): c is string => c !== undefined);
  const found = candidates.find((c) => existsSync(`${c}/gsm8k/test.jsonl`));
  if (!found) throw new Error(`shared datasets not found in ${candidates.join(", ")}`);
  return found;
}

export const SHARED_DATASETS = sharedDatasetsDir();

/** GSM8K test split: 1,319 problems. */
export const GSM8K_TEST_FILE = `${SHARED_DATASETS}/gsm8k/test.jsonl`;
