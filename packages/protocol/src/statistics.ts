// Statistical constants and wording every side states the same way: the server in its verdicts,
// the dashboard and the CLI beside the figures the server sends.

/** The two-sided 95% normal quantile, Φ⁻¹(0.975). */
export const Z_95 = 1.959963984540054;

/**
 * "0.41", "0.032", "< 0.001": three decimals near the threshold so a significant p does not read
 * as 0.05, and none that pretend beyond it; more only where three would round p onto the other
 * side of 0.05 ("0.0499", never a significant "0.050"). For a table's p column.
 */
export function pValueNumber(p: number): string {
  if (p < 0.001) return "< 0.001";
  if (p >= 0.1) return p.toFixed(2);
  let decimals = 3;
  while (decimals < 8 && Number(p.toFixed(decimals)) < 0.05 !== p < 0.05) decimals += 1;
  return p.toFixed(decimals);
}

/** "p = 0.41", "p = 0.032", "p = 0.0499", "p < 0.001": pValueNumber in a sentence. */
export function formatPValue(p: number): string {
  const number = pValueNumber(p);
  return number.startsWith("<") ? `p ${number}` : `p = ${number}`;
}
