import { type LoaderFunctionArgs, redirect } from 'react-router';
import { GuestOnly } from '../app/require-session.tsx';
import { prefetchOnServer } from '../app/server-queries.server.ts';
import { sessionQuery } from '../features/auth/use-session.ts';
import { redirectTargetOf } from '../lib/redirect-target.ts';

/** /login is for visitors: a signed-in user goes where it asked to (`?next=`), else home. */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const { result: user } = await prefetchOnServer(
    context,
    (client) => client.fetchQuery(sessionQuery),
    () => false,
  );
  if (user) throw redirect(redirectTargetOf(new URL(request.url).searchParams));
  return null;
}

// In the browser GuestOnly decides, from the session the page already has.
export const clientLoader = () => null;

export default GuestOnly;
