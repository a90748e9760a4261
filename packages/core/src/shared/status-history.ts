/**
 * The columns every request history table shares (withdrawals, purchase requests, corrections and overtime): what
 * was done, the status before and after, a note, and who did it. Each table adds its own reference and step.
 */
/** One change of a request's status: what was done, from which status to which, with an optional note. */
export interface StatusChange<A extends string, S> {
  action: A;
  from: S | null;
  to: S;
  note?: string | null | undefined;
}

export function statusChangeColumns<A extends string, S>(actorUserId: number, c: StatusChange<A, S>) {
  return { action: c.action, from_status: c.from, to_status: c.to, note: c.note ?? null, actor_user_id: actorUserId };
}
