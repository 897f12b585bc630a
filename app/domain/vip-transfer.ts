/**
 * The VIP-transfer cash bonus (docs/product.md §P9): wager × (game edge / 0.04) × 0.015, the edge
 * as a fraction; the page takes it in percent, 1.5 by default (the house edge the offer assumes).
 */
export const DEFAULT_HOUSE_EDGE_PERCENT = 1.5;

export function vipTransferBonus(
  wagerDollars: number,
  edgePercent: number = DEFAULT_HOUSE_EDGE_PERCENT,
): number {
  return wagerDollars * (edgePercent / 100 / 0.04) * 0.015;
}
