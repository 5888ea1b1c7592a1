import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../auth/index.ts';
import { meQuery } from '../../profile/index.ts';

/** The signed-in user's credit balance; undefined while it loads or when signed out. */
export function useCredits(): number | undefined {
  const session = useSession();
  const query = useQuery({ ...meQuery, enabled: session.status === 'signed-in', select: (me) => me.profile.credits });
  return session.status === 'signed-in' ? query.data : undefined;
}
