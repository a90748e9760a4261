import { useNavigate } from 'react-router';
import { trpc } from './trpc';

/**
 * Mutation options of a write that toasts the server's success message and then runs `onSuccess`
 * (typically: read that module's queries again). `onSuccess` is passed as is, so a returned promise
 * is still awaited by the mutation.
 */
export function toastThen<F>(onSuccess: F) {
  return { meta: { successMessage: 'server' as const }, onSuccess };
}

/**
 * Mutation options of a form page's save: the server's toast, `refresh(utils)` (that module's
 * queries read again), then the page at `to` (the list the form was opened from).
 */
export function useToastThenGo(to: string, refresh: (utils: ReturnType<typeof trpc.useUtils>) => Promise<unknown>) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  return toastThen(() => {
    void refresh(utils);
    void navigate(to);
  });
}
