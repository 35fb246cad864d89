import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { displayPath, findDataDir } from "./data-dir.ts";

const scratch = mkdtempSync(join(tmpdir(), "assay-data-dir-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("findDataDir", () => {
  it("takes ASSAY_DATA_DIR first, relative to the working directory", () => {
    expect(findDataDir({ ASSAY_DATA_DIR: "data" }, scratch)).toEqual({
      path: join(scratch, "data"),
      from: "ASSAY_DATA_DIR",
    });
    expect(findDataDir({ ASSAY_DATA_DIR: "/srv/assay" }, scratch).path).toBe("/srv/assay");
  });

  it("then ./.assay when the working directory has one", () => {
    const cwd = join(scratch, "with");
    mkdirSync(join(cwd, ".assay"), { recursive: true });
    expect(findDataDir({ ASSAY_DATA_DIR: " " }, cwd)).toEqual({
      path: join(cwd, ".assay"),
      from: "cwd",
    });
  });
});

describe("displayPath", () => {
  it("is relative under the working directory, absolute elsewhere", () => {
    expect(displayPath("/home/me/assay/.assay/key", "/home/me/assay")).toBe(".assay/key");
    expect(displayPath("/srv/assay/key", "/home/me")).toBe("/srv/assay/key");
  });
});
