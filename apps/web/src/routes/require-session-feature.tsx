import { RequireSession } from '../app/require-session.tsx';

/** The tools, behind sign-in: a visitor is sent to create an account. */
export default function RequireSessionForFeature() {
  return <RequireSession subject="feature" />;
}
