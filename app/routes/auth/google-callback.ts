import { redirect } from "react-router";
import type { Route } from "./+types/google-callback";
import { getBackend, requestContext } from "#app/server/context.server.ts";
import { oidcCookie, readOidcCookie } from "#app/server/auth/oidc.server.ts";
import { signIn } from "#app/server/auth/session.server.ts";

/**
 * Where Google sends the browser back. Success signs in (a new session) and goes on to the page
 * that started it; every failure goes to /login with a reason code the page turns into a
 * sentence (the code, never text from the query, so nobody can put words on our page).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { google, config, accounts, logger } = getBackend(context);
  const { requestId } = context.get(requestContext);
  const headers = new Headers({ "Cache-Control": "no-store" });
  // The flow cookie is single-use: cleared whatever happens next.
  headers.append("Set-Cookie", oidcCookie("", { isHttps: config.isHttps, maxAgeSeconds: 0 }));
  if (!google) return redirect("/login?error=google-not-configured", { headers });

  const result = await google.complete({
    callbackUrl: new URL(request.url),
    cookieValue: readOidcCookie(request.headers.get("cookie"), config.isHttps),
  });
  if (!result.ok) {
    logger.warn("google sign-in failed", { reason: result.reason, detail: result.detail, requestId });
    return redirect(`/login?error=google-${result.reason}`, { headers });
  }

  let account;
  try {
    account = await accounts.findOrCreateGoogleUser({ claims: result.claims });
  } catch (error) {
    logger.error("google sign-in: account lookup failed", { error, requestId });
    return redirect("/login?error=google-account-error", { headers });
  }
  if (!account.ok) {
    logger.warn("google sign-in refused", { reason: account.reason, requestId });
    return redirect(`/login?error=google-${account.reason}`, { headers });
  }
  if (account.created) logger.info("account created with Google", { userId: account.user.id, requestId });
  headers.append("Set-Cookie", await signIn({ request, context, userId: account.user.id }));
  return redirect(result.returnTo, { headers });
}
