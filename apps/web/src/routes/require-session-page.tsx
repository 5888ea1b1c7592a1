import { RequireSession } from '../app/require-session.tsx';

/** Pages behind sign-in: a visitor is told so and sent to /login. */
export default function RequireSessionForPage() {
  return <RequireSession subject="page" />;
}
