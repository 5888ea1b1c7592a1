import type { Logger } from '../logging/logger.ts';

/** Values that middleware puts on the Hono context for handlers. */
export interface AppVariables {
  requestId: string;
  log: Logger;
}

export interface AppEnv {
  Variables: AppVariables;
}
