import type { ApiKeyScope, PlanId, UserRole } from '@atelier/contracts';
import type { Logger } from '../logging/logger.ts';

/** The signed-in user as the API sees it (set by the auth module's middleware). */
export interface SessionUser {
  id: string;
  email: string;
  sessionId: string;
  /** `admin` opens /api/admin (modules/admin). */
  role: UserRole;
  /** Set when the request came with a personal API key rather than a session (modules/api-keys). */
  apiKeyId?: string;
  /** What that key may do (modules/api-keys/api-key-scope.ts). */
  apiKeyScopes?: readonly ApiKeyScope[];
  /** The session's making, for rules that trust only some sessions (the admin console). */
  session?: { createdAt: Date; signInMethod: string | null };
  /** When the account's address was proven (modules/auth/account-claim.ts); null until then. */
  claimedAt?: Date | null;
}

/** Values that middleware puts on the Hono context for handlers. */
export interface AppVariables {
  requestId: string;
  log: Logger;
  /** Present on routes behind `requireUser` (modules/auth). */
  user: SessionUser;
  /**
   * Resolves the session cookie of these headers (set for every request by the auth module).
   * Throws SESSION_EXPIRED for a session idle past its timeout; `touch: false` for requests
   * that are not the person's activity (background checks).
   */
  getSessionUser: (headers: Headers, options?: { touch?: boolean }) => Promise<SessionUser | null>;
  /** The API key that authenticated the request, when one did (modules/api-keys); else unset. */
  apiKeyId?: string;
  /**
   * An account's effective plan now (modules/entitlements), asked once per request and user:
   * every feature gate of the request sees the same answer.
   */
  planOf: (userId: string) => Promise<PlanId>;
  /**
   * The plan an account works with in a team's workspace: the better of its own and the team
   * owner's while it is a member of a working team, else its own.
   */
  workspacePlanOf: (userId: string, teamId: string) => Promise<PlanId>;
}

export interface AppEnv {
  Variables: AppVariables;
}
