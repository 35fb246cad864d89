import { EVALUATION_SPACE_ID_SHAPE } from "@assay/protocol";
import { describe, expect, it } from "vitest";
import { newSpaceId } from "./space-id.ts";

describe("a new space's id", () => {
  it("is 24 hex digits, its creation second first, as the original CLI's sample greps for", () => {
    const at = new Date("2026-11-29T06:00:00Z");
    const id = newSpaceId(at);
    expect(id).toMatch(/^[a-f0-9]{24}$/);
    expect(Number.parseInt(id.slice(0, 8), 16)).toBe(at.getTime() / 1000);
    expect(newSpaceId(at)).not.toBe(id);
    expect(EVALUATION_SPACE_ID_SHAPE.test(id)).toBe(true);
  });
});
