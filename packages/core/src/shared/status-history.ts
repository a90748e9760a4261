/**
 * The columns every request history table shares (withdrawals, purchase requests, corrections and overtime): what
 * was done, the status before and after, a note, and who did it. Each table adds its own reference and step.
 */
export function statusChangeColumns<A extends string, S>(
  actorUserId: number,
  c: { action: A; from: S | null; to: S; note?: string | null | undefined },
) {
  return { action: c.action, from_status: c.from, to_status: c.to, note: c.note ?? null, actor_user_id: actorUserId };
}
