/** US dollars with enough digits to tell small run costs apart: $0.00042, $1.23, $1,204. */
export function usd(value: number): string {
  const digits = value === 0 ? 2 : value < 0.01 ? 5 : value < 1 ? 4 : 2;
  return `$${value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits })}`;
}
