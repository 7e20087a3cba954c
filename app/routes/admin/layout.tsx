import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { getBackend } from "#app/server/context.server.ts";
import { AdminHeader } from "#app/components/admin/admin-header.tsx";
import { useAnnouncement } from "#app/components/admin/use-announcement.ts";
import adminCss from "#app/styles/admin.css?url";

/**
 * Every request under /admin passes here first: anonymous visitors go to /login, signed-in
 * customers get 403. Each child loader and action checks again, so a route moved out of this
 * layout stays protected.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    await requireAdmin(request, context);
    return next();
  },
];

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: adminCss },
  // The back office installs as a web app (ADR 034). The manifest is for admins only, so the
  // browser must send the session cookie with its request.
  { rel: "manifest", href: "/admin/manifest.webmanifest", crossOrigin: "use-credentials" },
  { rel: "apple-touch-icon", href: "/icons/admin-192.png" },
];

/** Admin pages show private data: no copy in shared caches or the browser's disk cache. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  // Loaded again after every action, fetchers' included: the count follows a status change.
  const newRequests = await getBackend(context).leads.countNewRequests();
  return { admin: { name: admin.name, email: admin.email }, newRequests };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const announcement = useAnnouncement();
  return (
    <div className="admin">
      <AdminHeader admin={loaderData.admin} newRequests={loaderData.newRequests} />
      {/* Always in the page, so a message that appears after an action is read out: a page's
          `flash`, or what the latest fetcher form on the page did (ADR 031). A div with
          role="status" rather than <output>: screen readers announce the explicit role more
          consistently than output's implicit one. */}
      {/* oxlint-disable-next-line jsx-a11y/prefer-tag-over-role */}
      <div className="admin-flash" role="status">
        {announcement.message ? <p key={announcement.key}>{announcement.message}</p> : null}
      </div>
      <Outlet />
    </div>
  );
}
