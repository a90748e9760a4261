import type { AppQueryMeta } from './query-client';

interface MutationOptions {
  meta?: AppQueryMeta;
  onSuccess?: () => void;
}
interface Mutation<I> {
  mutateAsync: (input: I) => Promise<unknown>;
  isPending: boolean;
}
/** A tRPC mutation procedure, seen only through what these hooks use. */
interface Procedure<I> {
  useMutation: (opts: MutationOptions) => Mutation<I>;
}

/**
 * Create and update of one entity with the server's toast ("Department created"), then `refresh` (that module's queries):
 * `save(null, input)` creates, `save(row, input)` updates the row with the same input.
 */
export function useSaveMutations<C, U extends { id: number }>(
  api: { create: Procedure<C>; update: Procedure<U> },
  opts: { refresh: () => unknown },
) {
  const options = { meta: { successMessage: 'server' as const }, onSuccess: () => void opts.refresh() };
  const create = api.create.useMutation(options);
  const update = api.update.useMutation(options);
  return {
    create: create.mutateAsync,
    update: update.mutateAsync,
    pending: create.isPending || update.isPending,
    save: (row: { id: number } | null, input: C & Omit<U, 'id'>) =>
      row ? update.mutateAsync({ ...input, id: row.id } as unknown as U) : create.mutateAsync(input),
  };
}

/**
 * Delete of one entity by id, with the server's toast ("Department deleted"), then `refresh`. Silent: the delete dialog
 * shows the server's refusal itself.
 */
export function useDeleteMutation(api: { delete: Procedure<{ id: number }> }, opts: { refresh: () => unknown }) {
  const remove = api.delete.useMutation({
    meta: { silent: true, successMessage: 'server' },
    onSuccess: () => void opts.refresh(),
  });
  return (row: { id: number }) => remove.mutateAsync({ id: row.id });
}
