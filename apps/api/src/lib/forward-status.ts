/**
 * The statuses a provider's report may move a message from, for channels whose messages only move forward
 * (SMS, WhatsApp): each status is reached from any status before it in `order`, and `failed` from any but
 * the `final` ones. A status never moves back, and nothing leaves `failed` or a final status.
 */
export function forwardMoves<S extends string>(
  order: readonly S[],
  failed: S,
  final: readonly S[],
): Record<S, readonly S[]> {
  const moves = {} as Record<S, readonly S[]>;
  order.forEach((status, i) => {
    moves[status] = order.slice(0, i);
  });
  moves[failed] = order.filter((s) => !final.includes(s));
  return moves;
}
