import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { trpc } from '../../lib/trpc';

/**
 * The logout of the header and of the change-password screen: whatever the server answers, the
 * cached queries are dropped (lookups are cached "per session": a new login starts from an empty
 * cache) and the login page opens.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return trpc.auth.logout.useMutation({
    meta: { silent: true },
    onSettled: () => {
      queryClient.clear();
      navigate('/login', { replace: true });
    },
  });
}
