import { Button } from '../../../ui/Button';

/** The two decisions on a pending request: reject (danger) then approve (primary), both off while one is sent. */
export function DecisionButtons({
  busy,
  approveLabel,
  rejectLabel,
  onApprove,
  onReject,
}: {
  busy: boolean;
  approveLabel: string;
  rejectLabel: string;
  onApprove: () => void;
  onReject: () => void;
}) {
  return (
    <>
      <Button variant="danger" disabled={busy} onClick={onReject}>
        {rejectLabel}
      </Button>
      <Button disabled={busy} onClick={onApprove}>
        {approveLabel}
      </Button>
    </>
  );
}
