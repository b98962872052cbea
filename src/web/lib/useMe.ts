import { useQuery } from '@tanstack/react-query';
import { useSession } from './session';
import { useTRPC } from './trpc';

/** The logged-in user with balance and value in dollars (auth.me); idle when logged out. */
export function useMe() {
  const trpc = useTRPC();
  const { isLoggedIn } = useSession();
  return useQuery({ ...trpc.auth.me.queryOptions(), enabled: isLoggedIn, staleTime: 10_000 });
}
