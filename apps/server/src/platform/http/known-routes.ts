import type { Hono } from 'hono';

/**
 * Whether `method path` reaches a route of `app` (not a catch-all): read from the app's routes
 * on first use, once every route is mounted. A handler for any method (`app.all`) is a
 * middleware or a catch-all, so it does not count; HEAD reaches what GET does.
 */
export function knownRoutes(app: Pick<Hono, 'routes'>) {
  let patterns: { method: string; path: RegExp }[] | undefined;
  return (method: string, path: string): boolean => {
    patterns ??= app.routes
      .filter((route) => route.method !== 'ALL')
      .map((route) => ({
        method: route.method,
        path: new RegExp(
          `^${route.path
            .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
            .replace(/:[^/]+/g, '[^/]+')
            .replace(/\*/g, '.*')}/?$`,
        ),
      }));
    const wanted = method.toUpperCase() === 'HEAD' ? ['HEAD', 'GET'] : [method.toUpperCase()];
    return patterns.some((route) => wanted.includes(route.method) && route.path.test(path));
  };
}
