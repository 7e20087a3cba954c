import { redirect } from "react-router";
import type { Route } from "./+types/redirect";

/**
 * Where the original site's paths live now. Permanent, so bookmarks and
 * search results move over. The admin upload page belongs to the accounts
 * and gallery work; until it exists the old path leads to sign-in.
 */
export const legacyRedirects: Record<string, string> = {
  "/loginOnlyPg": "/login",
  "/Signup": "/signup",
  "/adminOnlyprofile": "/login",
};

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const target = legacyRedirects[url.pathname.replace(/\/+$/, "")] ?? "/";
  return redirect(target + url.search, 301);
}
