import { HydrationBoundary } from '@tanstack/react-query';
import { type ComponentType, lazy } from 'react';
import { data, type LoaderFunctionArgs, Route, Routes, useLoaderData } from 'react-router';
import { adminQuery, RequireAdmin } from '../app/require-admin.tsx';
import { prefetchOnServer } from '../app/server-queries.server.ts';
import { isShellQuery } from '../app/shell-queries.ts';
import { sessionQuery } from '../features/auth/use-session.ts';
import { loadNamespaces } from '../lib/i18n.ts';

/**
 * A console page, with its text tables, loaded when it renders — only inside RequireAdmin,
 * on the server's word that this is an admin — so no one else's browser fetches a line of it.
 */
const consolePage = (load: () => Promise<{ default: ComponentType }>, namespaces: readonly string[] = []) =>
  lazy(async () => (await Promise.all([load(), loadNamespaces(namespaces)]))[0]);

const AdminLayout = consolePage(() => import('../features/admin/admin-layout.tsx'), ['admin']);
const AdminUsersPage = consolePage(() => import('../features/admin/admin-users-page.tsx'));
const AdminUserPage = consolePage(() => import('../features/admin/admin-user-page.tsx'));
const AdminTeamPage = consolePage(() => import('../features/admin/admin-team-page.tsx'));
const AdminRunsPage = consolePage(() => import('../features/admin/admin-runs-page.tsx'));
const AdminAuditPage = consolePage(() => import('../features/admin/admin-audit-page.tsx'));
const NotFoundPage = consolePage(() => import('../features/errors/not-found-page.tsx'), ['errors']);

/** The server's word on the visitor and the console: anyone but an admin gets the 404 status. */
export async function loader({ context }: LoaderFunctionArgs) {
  const { queries, result: access } = await prefetchOnServer(
    context,
    async (client) => {
      const user = await client.fetchQuery(sessionQuery);
      return user ? client.fetchQuery(adminQuery(user.id)) : 'none';
    },
    (query) => !isShellQuery(query),
  );
  return data({ queries }, { status: access === 'none' ? 404 : 200 });
}

// In the browser RequireAdmin asks, once, when it renders.
export const clientLoader = () => ({ queries: undefined });

export default function AdminConsole() {
  const loaded = useLoaderData<typeof loader>() as { queries?: Parameters<typeof HydrationBoundary>[0]['state'] };
  return (
    <HydrationBoundary state={loaded?.queries}>
      <RequireAdmin>
        <Routes>
          <Route element={<AdminLayout />}>
            <Route index element={<AdminUsersPage />} />
            <Route path="users/:id" element={<AdminUserPage />} />
            <Route path="teams/:id" element={<AdminTeamPage />} />
            <Route path="runs" element={<AdminRunsPage />} />
            <Route path="audit" element={<AdminAuditPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </RequireAdmin>
    </HydrationBoundary>
  );
}
