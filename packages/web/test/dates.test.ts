import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { dateTime } from "../src/shared/format.ts";

const SRC = fileURLToPath(new URL("../src", import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

describe("dates on screen", () => {
  it("are in one format, from unix seconds or an ISO timestamp: 2026-11-24 07:12, local time", () => {
    const at = new Date(2026, 10, 24, 7, 12, 45);
    expect(dateTime(at.getTime() / 1000)).toBe("2026-11-24 07:12");
    expect(dateTime(at.toISOString())).toBe("2026-11-24 07:12");
    expect(dateTime(0)).toBe("—");
    expect(dateTime("not a date")).toBe("not a date");
  });

  it("are all written by shared/format.ts's dateTime: no page formats a date itself", () => {
    const own = sources(SRC).filter((file) => {
      if (file.endsWith(join("shared", "format.ts"))) return false;
      const text = readFileSync(file, "utf8");
      // A Date turned into text on its own: its locale's format, not the dashboard's.
      return /new Date\([^)]*\)\.toLocale(String|DateString|TimeString)\(|Intl\.DateTimeFormat|date\.toLocaleString\(/.test(
        text,
      );
    });
    expect(own.map((file) => relative(SRC, file))).toEqual([]);
  });
});
