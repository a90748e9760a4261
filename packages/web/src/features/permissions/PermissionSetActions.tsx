import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/can';
import { notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { GrantOptions } from './GrantKeySelect';
import { parseGrantValue } from './grant-labels';
import './texts';
import { ActionModal } from '../../ui/ActionModal';

/**
 * A job position's permission set as a whole (spec §6 "Job position also supports create and delete"):
 * create several grants at once (each still needs a second person's approval) or delete the set
 * (approved grants unassigned, pending ones cancelled). Needs permission.assign.
 */
export function PermissionSetActions({ jobPositionId }: { jobPositionId: number }) {
  const { t } = useTranslation();
  const canAssign = useCan('permission.assign');
  const utils = trpc.useUtils();
  const refresh = () => void utils.permission.invalidate();
  const [chosen, setChosen] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const create = trpc.permission.jobPosition.createSet.useMutation({
    onSuccess: (r) => {
      notifySuccess(t('permissions.setCreated', { created: r.created.length, skipped: r.skipped.length }));
      setChosen([]);
      refresh();
    },
  });
  const remove = trpc.permission.jobPosition.deleteSet.useMutation({
    onSuccess: (r) => {
      notifySuccess(t('permissions.setDeleted', { unassigned: r.unassigned, cancelled: r.cancelled }));
      setConfirming(false);
      refresh();
    },
  });
  if (!canAssign) return null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const grants = chosen.map(parseGrantValue).filter((g) => g !== null);
    if (grants.length) create.mutate({ subjectId: jobPositionId, grants } as Parameters<typeof create.mutate>[0]);
  };
  return (
    <Card className="mt-4" title={t('permissions.setTitle')}>
      <form onSubmit={submit} className="space-y-2">
        <label htmlFor={`permission-set-${jobPositionId}`} className="block text-sm font-medium text-slate-700">
          {t('permissions.setChoose')}
        </label>
        <select
          id={`permission-set-${jobPositionId}`}
          multiple
          size={8}
          className="w-full rounded border border-slate-300 p-1 text-sm"
          value={chosen}
          onChange={(e) => setChosen([...e.target.selectedOptions].map((o) => o.value))}
        >
          <GrantOptions />
        </select>
        <div className="flex justify-between gap-2">
          <Button type="submit" disabled={chosen.length === 0 || create.isPending}>
            {t('permissions.setCreate', { count: chosen.length })}
          </Button>
          <Button type="button" variant="ghost" className="text-red-700" onClick={() => setConfirming(true)}>
            {t('permissions.setDelete')}
          </Button>
        </div>
      </form>
      <ActionModal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('permissions.setDeleteTitle')}
        actionLabel={t('permissions.setDelete')}
        busy={remove.isPending}
        onAction={() => remove.mutate({ subjectId: jobPositionId })}
      >
        <p className="text-sm text-slate-700">{t('permissions.setDeleteText')}</p>
      </ActionModal>
    </Card>
  );
}
