import type { Route } from "./+types/manifest";
import { getOnlyResponse } from "#app/get-only.ts";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { getBackend } from "#app/server/context.server.ts";
import { adminManifest } from "#app/server/push/web-app.server.ts";

/**
 * The back office as an installable web app (docs/decisions/034-web-push-alerts.md). For admins
 * only, like every path under /admin: the layout links it with crossorigin="use-credentials", so
 * the browser sends the session cookie with its request.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { profile } = await getBackend(context).site.content();
  return new Response(JSON.stringify(adminManifest(profile.name)), {
    headers: {
      "Content-Type": "application/manifest+json; charset=utf-8",
      "Cache-Control": "private, no-cache",
    },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  return getOnlyResponse("The web app manifest is only read here; nothing can be sent to this address.");
}
