import type { Route } from "./+types/manifest";
import { requireAdmin } from "~/server/auth/session.server";
import { getServices } from "~/server/context.server";
import { adminManifest } from "~/server/push/web-app.server";

/**
 * The back office as an installable web app (docs/decisions/034-web-push-alerts.md). For admins
 * only, like every path under /admin: the layout links it with crossorigin="use-credentials", so
 * the browser sends the session cookie with its request.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { profile } = await getServices(context).site.content();
  return new Response(JSON.stringify(adminManifest(profile.name)), {
    headers: {
      "Content-Type": "application/manifest+json; charset=utf-8",
      "Cache-Control": "private, no-cache",
    },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  return new Response("The web app manifest is only read here; nothing can be sent to this address.", {
    status: 405,
    headers: { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
