import { describe, expect, it } from "vitest";
import { containsJson, cronForPeriod } from "./job-queue.ts";

describe("cronForPeriod", () => {
  it.each([
    [1, "*/1 * * * *"],
    [10, "*/10 * * * *"],
    [30, "*/30 * * * *"],
    [60, "0 */1 * * *"],
    [120, "0 */2 * * *"],
    [1440, "0 0 * * *"],
  ])("maps every %i minutes to %s", (minutes, cron) => {
    expect(cronForPeriod(minutes)).toBe(cron);
  });

  it.each([0, -5, 7, 45, 90, 1.5, 2880])("refuses %s minutes", (minutes) => {
    expect(() => cronForPeriod(minutes)).toThrow(
      "a schedule's period must divide an hour or a day",
    );
  });
});

describe("containsJson", () => {
  it("matches like jsonb @>: keys with contained values, arrays holding each element", () => {
    const data = { evaluation_id: "e-1", from: 0, ids: ["a", "b"] };
    expect(containsJson(data, { evaluation_id: "e-1" })).toBe(true);
    expect(containsJson(data, { ids: ["b"] })).toBe(true);
    expect(containsJson(data, {})).toBe(true);
    expect(containsJson(data, { evaluation_id: "e-2" })).toBe(false);
    expect(containsJson(data, { ids: ["c"] })).toBe(false);
    expect(containsJson(data, { missing: null })).toBe(false);
    expect(containsJson(["a"], { ids: ["a"] })).toBe(false);
  });
});
