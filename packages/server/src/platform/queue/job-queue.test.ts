import { describe, expect, it } from "vitest";
import { cronForPeriod } from "./job-queue.ts";

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
