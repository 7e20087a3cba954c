import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { requireAdmin } from "~/server/auth/session.server";

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

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  return { admin: { name: admin.name, email: admin.email } };
}

export default function AdminLayout() {
  return <Outlet />;
}
