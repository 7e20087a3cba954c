import { Link, NavLink, Outlet, useMatches } from "react-router";
import type { Route } from "./+types/layout";
import { requireAdmin } from "~/server/auth/session.server";
import adminCss from "~/styles/admin.css?url";

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
  return { admin: { name: admin.name, email: admin.email } };
}

/** A page's loader may return `flash`: what its last action did, for the status line. */
function useFlash(): string | null {
  const leaf = useMatches().at(-1);
  const data = leaf?.loaderData as { flash?: unknown } | undefined;
  return typeof data?.flash === "string" ? data.flash : null;
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const flash = useFlash();
  return (
    <div className="admin">
      <div className="admin-bar">
        <div className="admin-bar__inner">
          <p className="admin-bar__who">
            <span className="admin-bar__label">Admin</span> Signed in as <strong>{loaderData.admin.name}</strong>
          </p>
          <nav aria-label="Admin" className="admin-nav">
            <ul>
              <li>
                <NavLink to="/admin" end>
                  Dashboard
                </NavLink>
              </li>
              <li>
                <NavLink to="/admin/leads">Estimate requests</NavLink>
              </li>
              <li>
                <NavLink to="/admin/visits">Visits</NavLink>
              </li>
              <li>
                <NavLink to="/admin/gallery">Gallery</NavLink>
              </li>
              <li>
                <NavLink to="/admin/site">Your site</NavLink>
              </li>
              <li>
                <NavLink to="/admin/users">Users</NavLink>
              </li>
              <li>
                <Link to="/" reloadDocument>
                  View site
                </Link>
              </li>
            </ul>
          </nav>
          {/* A plain form: signing out reloads the whole page, so no admin data stays in memory. */}
          <form method="post" action="/logout" className="admin-bar__signout">
            <button type="submit" className="admin-button admin-button--quiet">
              Sign out
            </button>
          </form>
        </div>
      </div>
      {/* Always in the page, so a message that appears after an action is read out. A div with
          role="status" rather than <output>: screen readers announce the explicit role more
          consistently than output's implicit one. */}
      {/* oxlint-disable-next-line jsx-a11y/prefer-tag-over-role */}
      <div className="admin-flash" role="status">
        {flash ? <p>{flash}</p> : null}
      </div>
      <Outlet />
    </div>
  );
}
