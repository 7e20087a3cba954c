/** Starting a Google sign-in: PKCE (S256), state and nonce, sealed into the flow cookie. */
import * as client from "openid-client";
import { OidcError, describeError } from "#app/server/auth/oidc-failures.server.ts";
import { sealFlow } from "#app/server/auth/oidc-flow-cookie.server.ts";
import { safeReturnTo } from "#app/server/auth/return-to.server.ts";

const SCOPE = "openid email profile";

/** What both halves of the flow share: the discovered issuer, our callback, the signing secret. */
export interface OidcFlowDeps {
  getConfig(): Promise<client.Configuration>;
  redirectUri: URL;
  secret: string;
  now: () => number;
}

export async function begin(
  { getConfig, redirectUri, secret, now }: OidcFlowDeps,
  input: { returnTo?: unknown; loginHint?: string },
): Promise<{ url: URL; cookieValue: string }> {
  let config: client.Configuration;
  try {
    config = await getConfig();
  } catch (err) {
    throw new OidcError("issuer-error", `discovery failed: ${describeError(err)}`, { cause: err });
  }
  const codeVerifier = client.randomPKCECodeVerifier();
  const codeChallenge = await client.calculatePKCECodeChallenge(codeVerifier);
  const state = client.randomState();
  const nonce = client.randomNonce();
  const parameters: Record<string, string> = {
    redirect_uri: redirectUri.href,
    scope: SCOPE,
    code_challenge: codeChallenge,
    code_challenge_method: "S256",
    state,
    nonce,
  };
  if (input.loginHint) parameters.login_hint = input.loginHint;
  const url = client.buildAuthorizationUrl(config, parameters);
  const cookieValue = sealFlow({ codeVerifier, state, nonce, returnTo: safeReturnTo(input.returnTo), createdAt: now() }, secret);
  return { url, cookieValue };
}
