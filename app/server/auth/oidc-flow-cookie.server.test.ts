import { describe, expect, test } from "vitest";
import { OIDC_FLOW_MAX_AGE_SECONDS, openFlow, sealFlow, type FlowState } from "#app/server/auth/oidc-flow-cookie.server.ts";

const secret = "s".repeat(32);
const flow: FlowState = { codeVerifier: "v", state: "st", nonce: "n", returnTo: "/profile", createdAt: 1_000_000 };

describe("the Google flow cookie", () => {
  test("opens what it sealed, with the same secret, within its lifetime", () => {
    expect(openFlow(sealFlow(flow, secret), secret, flow.createdAt + 1000)).toEqual({ ok: true, flow });
  });

  test("refuses another secret's signature, a missing cookie and an old one", () => {
    const sealed = sealFlow(flow, secret);
    expect(openFlow(sealed, "t".repeat(32), flow.createdAt)).toMatchObject({
      ok: false,
      detail: "flow cookie signature does not match",
    });
    expect(openFlow(null, secret, flow.createdAt)).toMatchObject({ ok: false, detail: "no flow cookie" });
    const late = flow.createdAt + OIDC_FLOW_MAX_AGE_SECONDS * 1000 + 1;
    expect(openFlow(sealed, secret, late)).toMatchObject({ ok: false });
  });
});
