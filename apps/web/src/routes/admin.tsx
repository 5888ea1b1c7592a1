import { type ComponentType, lazy } from 'react';
import { Route, Routes } from 'react-router';
import { pageLoader } from '../app/page-loader.server.ts';
import { PAGE_NOT_FOUND, type PageRoute } from '../app/page-route.ts';
import { adminQuery, RequireAdmin } from '../app/require-admin.tsx';
import { pageClientLoader, pageHandle, routePage } from '../app/route-page.tsx';
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
const page: PageRoute = {
  // The console writes its head (RequireAdmin), the 404 page its own.
  ownHead: true,
  prefetch: async (client) => {
    const user = await client.fetchQuery(sessionQuery);
    const access = user ? await client.fetchQuery(adminQuery(user.id)) : 'none';
    return access === 'none' ? PAGE_NOT_FOUND : access;
  },
};

export const handle = pageHandle(page);
export const loader = pageLoader(page);
// In the browser, on a navigation, RequireAdmin's question is started as the route loads.
export const clientLoader = pageClientLoader(page);
export default routePage(AdminConsole, page);

function AdminConsole() {
  return (
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
  );
}
