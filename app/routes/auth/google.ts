import { redirect } from "react-router";
import type { Route } from "./+types/google";
import { getBackend, requestContext } from "#app/server/context.server.ts";
import { OIDC_FLOW_MAX_AGE_SECONDS, OidcError, oidcCookie } from "#app/server/auth/oidc.server.ts";

/**
 * "Continue with Google": a plain link (GET), because the CSP's form-action would stop a form
 * post from being redirected to Google. Starting a sign-in changes nothing on this site; the
 * flow's secrets go in a short-lived signed cookie and the browser goes to the issuer.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { google, config, logger } = getBackend(context);
  if (!google) return redirect("/login?error=google-not-configured");
  const url = new URL(request.url);
  const loginHint = url.searchParams.get("login_hint");
  try {
    const started = await google.begin({
      returnTo: url.searchParams.get("redirectTo"),
      loginHint: loginHint && loginHint.length <= 254 ? loginHint : undefined,
    });
    return redirect(started.url.href, {
      status: 303,
      headers: {
        "Set-Cookie": oidcCookie(started.cookieValue, {
          isHttps: config.isHttps,
          maxAgeSeconds: OIDC_FLOW_MAX_AGE_SECONDS,
        }),
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    const reason = error instanceof OidcError ? error.reason : "issuer-error";
    logger.warn("google sign-in could not start", {
      reason,
      detail: error instanceof OidcError ? error.detail : String(error),
      requestId: context.get(requestContext).requestId,
    });
    return redirect(`/login?error=google-${reason}`);
  }
}
