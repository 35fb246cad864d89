/**
 * "p = 0.41", "p = 0.032", "p < 0.001": three decimals near the threshold so a significant p does
 * not read as 0.05, and none that pretend beyond it; more only where three would round p onto the
 * other side of 0.05 ("p = 0.0499", never a significant "p = 0.050").
 */
export function formatPValue(p: number): string {
  if (p < 0.001) return "p < 0.001";
  if (p >= 0.1) return `p = ${p.toFixed(2)}`;
  let decimals = 3;
  while (decimals < 8 && Number(p.toFixed(decimals)) < 0.05 !== p < 0.05) decimals += 1;
  return `p = ${p.toFixed(decimals)}`;
}
