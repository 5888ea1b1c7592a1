import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../auth/index.ts';
import { creditsQuery } from '../api/tools-api.ts';

/** The signed-in user's credit balance; undefined while it loads or when signed out. */
export function useCredits(): number | undefined {
  const session = useSession();
  const query = useQuery({ ...creditsQuery, enabled: session.status === 'signed-in' });
  return session.status === 'signed-in' ? query.data?.credits : undefined;
}
