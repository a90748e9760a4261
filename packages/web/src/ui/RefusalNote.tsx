/**
 * Why the decision buttons of a request are not shown: the server's reason from a segregation-of-duties
 * rule (docs/security.md), e.g. "You cannot decide your own withdrawal". Nothing when there is none.
 */
export function RefusalNote({ reason }: { reason: string | null | undefined }) {
  if (!reason) return null;
  return (
    <span role="note" className="self-center text-sm text-slate-500">
      {reason}
    </span>
  );
}
