import type { Hono } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';

/**
 * Whether a route of `app` whose path starts with one of `prefixes` answers `method path`,
 * matched by Hono's own router so parameters and patterns mean what they mean to the app. Read
 * from the app's routes on first use, once every route is mounted. Middleware and catch-alls
 * (`app.use`, `app.all`: method ALL) are not routes, and no route outside `prefixes` counts (the
 * web app's `GET /*` answers every path). HEAD reaches what GET does.
 */
export function knownRoutes(app: Pick<Hono, 'routes'>, prefixes: readonly string[]) {
  let router: TrieRouter<true> | undefined;
  const build = () => {
    const built = new TrieRouter<true>();
    for (const route of app.routes) {
      if (route.method !== 'ALL' && prefixes.some((prefix) => route.path.startsWith(prefix)))
        built.add(route.method, route.path, true);
    }
    return built;
  };
  return (method: string, path: string): boolean => {
    router ??= build();
    const wanted = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
    return router.match(wanted, path)[0].length > 0;
  };
}
