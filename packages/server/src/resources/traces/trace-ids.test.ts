import { IdSchema } from "@assay/protocol";
import { describe, expect, it } from "vitest";
import { createTraceIds } from "./trace-ids.ts";

describe("createTraceIds", () => {
  it("makes version 7 UUIDs that sort in the order they were made", () => {
    const next = createTraceIds(new Date("2026-11-21T10:00:00.000Z"));
    const ids = Array.from({ length: 5000 }, next);
    for (const id of ids) {
      expect(IdSchema.safeParse(id).success).toBe(true);
      expect(id[14]).toBe("7");
      expect(["8", "9", "a", "b"]).toContain(id[19]);
    }
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("starts with the time in milliseconds", () => {
    const at = new Date("2026-11-21T10:00:00.000Z");
    const id = createTraceIds(at)();
    expect(Number.parseInt(id.replace(/-/g, "").slice(0, 12), 16)).toBe(at.getTime());
  });

  it("gives two imports of the same millisecond different ids", () => {
    const at = new Date();
    const a = Array.from({ length: 100 }, createTraceIds(at));
    const b = new Set(Array.from({ length: 100 }, createTraceIds(at)));
    expect(a.some((id) => b.has(id))).toBe(false);
  });
});
