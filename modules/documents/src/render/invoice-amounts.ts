/** Ten-thousandths: prices carry 4 decimals, so quantity × price is exact in them. */
const SCALE = 10_000;
const toUnits = (x: number): number => Math.round(x * SCALE);

/**
 * The amounts of invoice lines, in cents, that add up to `total` exactly. Each line's exact amount (quantity ×
 * a 4-decimal unit price) is cut to whole cents, and the cents the cuts lost are given back one each to the lines
 * that lost most (largest remainder; the earlier line on a tie), so no line is off its exact amount by a cent or
 * more. The total is the booking's (bookingTotals rounds the exact sum once, e.g. 2 × 10.0015 + 5.0026 = 25.0056 →
 * 25.01, where the lines rounded one by one show 20.00 + 5.00 = 25.00; here 20.01 + 5.00).
 * When `total` is not within a cent per line of the exact sum (facts that disagree), the lines are rounded one by
 * one and the difference goes on the last line, so the lines still add up to the total printed under them.
 */
export function lineAmountsAddingUp(exact: readonly number[], total: number): number[] {
  if (exact.length === 0) return [];
  const units = exact.map(toUnits);
  const cents = units.map((u) => Math.floor(u / 100));
  const remainders = units.map((u, i) => u - cents[i]! * 100);
  const totalCents = Math.round(total * 100);
  const short = totalCents - cents.reduce((a, b) => a + b, 0);
  if (short >= 0 && short <= exact.length) {
    const order = remainders.map((r, i) => [r, i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
    for (const [, i] of order.slice(0, short)) cents[i]! += 1;
  } else {
    for (const [i, u] of units.entries()) cents[i] = Math.round(u / 100);
    cents[cents.length - 1]! += totalCents - cents.reduce((a, b) => a + b, 0);
  }
  return cents.map((c) => c / 100);
}
