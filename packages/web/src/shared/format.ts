/** 0.7234 → "72.3%". */
export function percent(value: number, digits = 1): string {
  return `${(value * 100).toFixed(digits)}%`;
}

/**
 * Every date on screen, in one format: local time as "2026-11-24 07:12" (sorts as text, reads the
 * same in every locale). From the API's unix seconds (evaluations) or ISO timestamps (the rest).
 */
export function dateTime(value: number | string): string {
  if (!value) return "—";
  const date = new Date(typeof value === "number" ? value * 1000 : value);
  if (Number.isNaN(date.getTime())) return String(value);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`;
}

const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });

/** A count of things (tokens) in a column: 950 → "950", 12_345 → "12.3K", 4_200_000 → "4.2M". */
export function count(value: number): string {
  return compact.format(value);
}

/**
 * US dollars as the API's `cost_usd`: cents and above to the cent, smaller amounts with the
 * significant digits a per-run cost of a few prompts needs (0.000123 → "$0.000123").
 */
export function usd(value: number): string {
  if (value === 0) return "$0";
  if (value < 0.000001) return "< $0.000001";
  if (value >= 0.01)
    return `$${value.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  return `$${value.toPrecision(3).replace(/0+$/, "")}`;
}

/** Milliseconds (a time per prompt): 850 → "850 ms", 1_234 → "1.2 s", 0 → "—". */
export function milliseconds(value: number): string {
  if (!value) return "—";
  return value < 1000 ? `${Math.round(value)} ms` : `${(value / 1000).toFixed(1)} s`;
}
