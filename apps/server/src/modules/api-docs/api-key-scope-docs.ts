import { BEARER_API_KEY_SCHEME } from '../../platform/http/api-route.ts';
import { apiKeyScopeOf } from '../api-keys/api-key-scope.ts';

interface Operation {
  security?: Record<string, string[]>[];
}
interface Document {
  paths?: object;
}

/** The path a request for a documented path is routed by (files are outside `/api`). */
const routedPathOf = (documented: string) =>
  (documented.startsWith('/files/') ? documented : `/api${documented}`).replace(/\{[^}]+\}/g, 'x');

/**
 * Names, in each operation's `bearerApiKey` requirement, the scope a key needs for it (OpenAPI
 * 3.1 lets a non-OAuth scheme list the roles it needs), read from the rules the server applies
 * (api-key-scope.ts), so the document cannot say one thing and the server do another.
 */
export function documentApiKeyScopes<D extends Document>(document: D): D {
  for (const [path, item] of Object.entries(document.paths ?? {}) as [string, Record<string, Operation>][]) {
    for (const [method, operation] of Object.entries(item)) {
      if (!operation.security) continue;
      const scope = apiKeyScopeOf(method, routedPathOf(path));
      // New objects: the declarations share their requirement objects between operations.
      operation.security = operation.security.map((requirement) =>
        BEARER_API_KEY_SCHEME in requirement
          ? { ...requirement, [BEARER_API_KEY_SCHEME]: scope ? [scope] : [] }
          : requirement,
      );
    }
  }
  return document;
}
