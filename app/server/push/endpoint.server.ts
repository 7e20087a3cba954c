/**
 * A push subscription's endpoint is a URL the browser hands us and the server later sends a
 * request to: an outgoing request target chosen by the client. Only https URLs on public hosts
 * are taken, so the endpoint cannot point the server at itself or at the private network (SSRF).
 * The rules are the outbound guard's (ADR 046): judged on the URL when the browser subscribes,
 * and again on the address actually connected to when an alert is sent.
 * PUSH_ALLOW_LOCAL=1 lifts the host rule for the tests' local push service.
 */
import type { Agent } from "node:https";
import { checkOutboundUrl, createGuardedHttpsAgent, type Resolver } from "#app/server/net/outbound.server.ts";

/**
 * Why this endpoint is refused, in a sentence for the admin, or null when it may be used.
 * `allowLocal` (PUSH_ALLOW_LOCAL) accepts loopback and private hosts, for tests only.
 */
export function pushEndpointProblem(endpoint: string, { allowLocal }: { allowLocal: boolean }): string | null {
  const checked = checkOutboundUrl(endpoint, { protocols: ["https:"], allowPrivate: allowLocal });
  if (checked.ok) return null;
  switch (checked.refusal.reason) {
    case "invalid":
      return "The push subscription's endpoint is not a web address.";
    case "scheme":
      return "The push subscription's endpoint must be an https address.";
    case "credentials":
      return "The push subscription's endpoint must not carry a user name or password.";
    default:
      return "The push subscription's endpoint points at a private or local address; only a browser's push service is accepted.";
  }
}

/**
 * The https agent alerts are sent through: it connects only to public addresses, judged when it
 * connects (a name resolved then, or an IP literal), so a name that resolves elsewhere after the
 * subscription was checked still gets nowhere. `resolve` is for tests.
 */
export function createPushAgent({ allowLocal, resolve }: { allowLocal: boolean; resolve?: Resolver }): Agent {
  return createGuardedHttpsAgent({ allowPrivate: allowLocal, ...(resolve ? { resolve } : {}) });
}
