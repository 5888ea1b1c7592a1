import { BEARER_API_KEY_SCHEME } from '../../platform/http/api-route.ts';
import { apiKeyScopeOf } from '../api-keys/api-key-scope.ts';

interface Operation {
  security?: Record<string, string[]>[];
  'x-api-key-scope'?: string;
}
interface Document {
  paths?: object;
}

/** The path a request for a documented path is routed by (files are outside `/api`). */
const routedPathOf = (documented: string) =>
  (documented.startsWith('/files/') ? documented : `/api${documented}`).replace(/\{[^}]+\}/g, 'x');

/**
 * Names, on each operation an API key may call, the scope the key needs for it, as
 * `x-api-key-scope` (Spectral refuses roles in the requirement of a non-OAuth scheme), read from
 * the rules the server applies (api-key-scope.ts), so the document cannot say one thing and
 * the server do another. Operations open to everyone have none.
 */
export function documentApiKeyScopes<D extends Document>(document: D): D {
  for (const [path, item] of Object.entries(document.paths ?? {}) as [string, Record<string, Operation>][]) {
    for (const [method, operation] of Object.entries(item)) {
      if (!operation.security?.some((requirement) => BEARER_API_KEY_SCHEME in requirement)) continue;
      const scope = apiKeyScopeOf(method, routedPathOf(path));
      if (scope) operation['x-api-key-scope'] = scope;
    }
  }
  return document;
}
