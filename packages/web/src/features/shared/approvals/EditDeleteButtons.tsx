import { Button } from '../../../ui/Button';

/** A settings row's Edit and Delete buttons (Delete opens the caller's confirmation). */
export function EditDeleteButtons({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
}: {
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="flex gap-2 whitespace-nowrap">
      <Button size="sm" variant="secondary" onClick={onEdit}>
        {editLabel}
      </Button>
      <Button size="sm" variant="ghost" className="text-red-700" onClick={onDelete}>
        {deleteLabel}
      </Button>
    </div>
  );
}
