import type { Route } from "./+types/service-worker";
import { getOnlyResponse } from "#app/get-only.ts";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import serviceWorker from "#app/browser/admin-sw.js?raw";

/**
 * The back office's service worker (app/browser/admin-sw.js): push alerts and their taps, no cache.
 * Served under /admin, so its scope can be /admin/ and nothing wider; no-cache, so the browser
 * asks for a newer one on every update check. Admins only: a browser fetches it with cookies.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return new Response(serviceWorker, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "no-cache, no-store",
      "Service-Worker-Allowed": "/admin/",
    },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  return getOnlyResponse("The service worker is only read here; nothing can be sent to this address.");
}
