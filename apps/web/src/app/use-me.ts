// One group, not `Endpoints`: the login page imports this and would load every group's schemas (§79).
import { AuthEndpoints } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';
import { meKey } from './me-key';
import { session, useSession } from './session';

export { meKey };

/**
 * The signed-in member: the stored userInfo at once, refreshed from the server on every page that shows
 * it. The refresh is also how a session ended elsewhere is noticed (401 sends the member to login).
 */
export function useMe() {
  const { userInfo } = useSession();
  const query = useQuery({
    queryKey: meKey,
    queryFn: async ({ signal }) => {
      const user = await api.call(AuthEndpoints.me, { signal });
      session.update(user);
      return user;
    },
    staleTime: 0,
    refetchOnMount: 'always',
  });
  return { user: query.data ?? userInfo, query };
}
