import { describe, expect, it } from "vitest";
import { checkFormToken, createFormTokens, createTokenClock, mintFormToken } from "#app/server/leads/form-token.server.ts";

const secret = "s".repeat(40);

describe("form tokens", () => {
  it("accepts a token older than the minimum", () => {
    const token = mintFormToken(secret, 1_000_000);
    expect(checkFormToken(secret, token, { minAgeMs: 3000, now: 1_004_000 })).toEqual({ ok: true, ageMs: 4000 });
  });

  it("flags a post sooner than the minimum", () => {
    const token = mintFormToken(secret, 1_000_000);
    expect(checkFormToken(secret, token, { minAgeMs: 3000, now: 1_001_000 })).toEqual({
      ok: false,
      reason: "too-fast",
      ageMs: 1000,
    });
  });

  it("refuses a token signed with another secret, or edited", () => {
    const token = mintFormToken(secret, 1_000_000);
    expect(checkFormToken("t".repeat(40), token, { minAgeMs: 0, now: 2_000_000 })).toEqual({
      ok: false,
      reason: "forged",
    });
    const [, signature] = token.split(".");
    expect(checkFormToken(secret, `900000.${signature}`, { minAgeMs: 0, now: 2_000_000 })).toEqual({
      ok: false,
      reason: "forged",
    });
    expect(checkFormToken(secret, "123.abc", { minAgeMs: 0 })).toEqual({ ok: false, reason: "forged" });
  });

  it("refuses a token from the future", () => {
    const token = mintFormToken(secret, 10_000_000);
    expect(checkFormToken(secret, token, { minAgeMs: 0, now: 1_000_000 })).toEqual({ ok: false, reason: "forged" });
  });

  it("reports a token older than 24 hours as expired, one just under as fine", () => {
    const token = mintFormToken(secret, 1_000_000);
    const day = 24 * 60 * 60 * 1000;
    expect(checkFormToken(secret, token, { minAgeMs: 0, now: 1_000_000 + day })).toEqual({ ok: true, ageMs: day });
    expect(checkFormToken(secret, token, { minAgeMs: 0, now: 1_000_001 + day })).toEqual({
      ok: false,
      reason: "expired",
      ageMs: day + 1,
    });
  });

  it("reports a missing token", () => {
    expect(checkFormToken(secret, null, { minAgeMs: 0 })).toEqual({ ok: false, reason: "missing" });
    expect(checkFormToken(secret, "", { minAgeMs: 0 })).toEqual({ ok: false, reason: "missing" });
  });

  it("never mints the same token twice in one process, even within one millisecond", () => {
    const clock = createTokenClock(() => 5_000);
    expect([clock(), clock(), clock()]).toEqual([5_000, 5_001, 5_002]);
    const tokens = createFormTokens(secret);
    const minted = Array.from({ length: 200 }, () => tokens.mint());
    expect(new Set(minted).size).toBe(200);
    const later = Date.now() + 1_000;
    for (const token of minted) expect(checkFormToken(secret, token, { minAgeMs: 0, now: later })).toMatchObject({ ok: true });
  });
});
