import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { signOut } from "#app/server/auth/session.server.ts";

/**
 * Signing out changes state, so it is a POST (a link or an image could not sign anyone out).
 * A GET goes to the profile, which has the sign-out buttons.
 */
export function loader() {
  return redirect("/profile");
}

/** `intent=everywhere` deletes every session of the account, not only this browser's. */
export async function action({ request, context }: Route.ActionArgs) {
  let everywhere = false;
  try {
    everywhere = (await request.formData()).get("intent") === "everywhere";
  } catch {
    // No readable form: sign this browser out, which is what a bare POST means.
  }
  const cookie = await signOut({ request, context, everywhere });
  return redirect(everywhere ? "/login?everywhere=1" : "/login?signedOut=1", { headers: { "Set-Cookie": cookie } });
}
