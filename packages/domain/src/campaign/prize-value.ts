/** Prize arithmetic (docs/product.md#statistics); free of zod so that pages can use it cheaply. */
/** Total prize value in currency units: sum of (value × count) / 100 (docs/product.md#statistics). */
export function totalPrizeValue(
  prizes: readonly { value: number | null; count: number | null }[],
): number {
  const cents = prizes.reduce((sum, prize) => sum + (prize.value ?? 0) * (prize.count ?? 0), 0);
  return cents / 100;
}
