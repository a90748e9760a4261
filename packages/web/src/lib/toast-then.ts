/**
 * Mutation options of a write that toasts the server's success message and then runs `onSuccess`
 * (typically: read that module's queries again). `onSuccess` is passed as is, so a returned promise
 * is still awaited by the mutation.
 */
export function toastThen<F>(onSuccess: F) {
  return { meta: { successMessage: 'server' as const }, onSuccess };
}
