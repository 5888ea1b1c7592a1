import type { Hono } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';

/** What a path is to the app: the methods its routes answer there (none: no route at all). */
export interface KnownRoutes {
  /** Whether a route answers `method path`. HEAD reaches what GET does. */
  answers(method: string, path: string): boolean;
  /** The methods routes answer at `path`, for a 405's `Allow` (HEAD beside GET, OPTIONS never). */
  methodsAt(path: string): string[];
}

/**
 * The routes of `app` whose path starts with one of `prefixes`, matched by Hono's own router so
 * parameters and patterns mean what they mean to the app. Read from the app's routes on first
 * use, once every route is mounted. Middleware and catch-alls (`app.use`, `app.all`: method ALL)
 * are not routes, and no route outside `prefixes` counts (the web app's `GET /*` answers every
 * path).
 */
export function knownRoutes(app: Pick<Hono, 'routes'>, prefixes: readonly string[]): KnownRoutes {
  let built: { router: TrieRouter<true>; methods: string[] } | undefined;
  const build = () => {
    const router = new TrieRouter<true>();
    const methods = new Set<string>();
    for (const route of app.routes) {
      if (route.method !== 'ALL' && prefixes.some((prefix) => route.path.startsWith(prefix))) {
        router.add(route.method, route.path, true);
        methods.add(route.method);
      }
    }
    return { router, methods: [...methods].sort() };
  };
  const matches = (method: string, path: string) => {
    built ??= build();
    return built.router.match(method, path)[0].length > 0;
  };
  return {
    answers: (method, path) => matches(method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase(), path),
    methodsAt: (path) => {
      built ??= build();
      const methods = built.methods.filter((method) => matches(method, path));
      return methods.includes('GET') ? [...methods, 'HEAD'].sort() : methods;
    },
  };
}
