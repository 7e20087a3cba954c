import { redirect } from "react-router";
import type { Route } from "./+types/redirect";

/**
 * Where the original site's paths live now. Permanent, so bookmarks and
 * search results move over. The old admin upload page is now the admin
 * gallery page.
 */
export const legacyRedirects: Record<string, string> = {
  "/loginOnlyPg": "/login",
  "/Signup": "/signup",
  "/adminOnlyprofile": "/admin/gallery",
};

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const target = legacyRedirects[url.pathname.replace(/\/+$/, "")] ?? "/";
  return redirect(target + url.search, 301);
}
