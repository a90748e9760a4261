/**
 * Mutation options of a write that shows its success toast (`message`) and then runs `onSuccess`
 * (typically: read that module's queries again). `onSuccess` is passed as is, so a returned promise
 * is still awaited by the mutation.
 */
export function toastThen<F>(message: () => string, onSuccess: F) {
  return { meta: { successMessage: message }, onSuccess };
}
