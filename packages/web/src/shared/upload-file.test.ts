import { MAX_UPLOAD_BYTES } from "@assay/protocol";
import { describe, expect, it } from "vitest";
import { fileProblem, megabytes } from "./upload-file.ts";

describe("fileProblem", () => {
  it("refuses an empty file and one over 50 MiB before any request", () => {
    expect(fileProblem(new File([], "empty.jsonl"))).toBe("empty.jsonl is empty");
    const big = new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], "big.jsonl");
    expect(fileProblem(big)).toBe("big.jsonl is 50.0 MiB; files are limited to 50 MiB");
    const limit = new File([new Uint8Array(MAX_UPLOAD_BYTES)], "limit.jsonl");
    expect(fileProblem(limit)).toBeUndefined();
  });

  it("writes sizes as a person reads them", () => {
    expect(megabytes(900)).toBe("900 bytes");
    expect(megabytes(2150)).toBe("2.1 KiB");
    expect(megabytes(5 * 1024 * 1024)).toBe("5.0 MiB");
  });
});
