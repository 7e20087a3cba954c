import { describe, expect, test } from "vitest";
import { ARGON2_PARAMS, hashPassword, needsRehash, verifyDummyPassword, verifyPassword } from "#app/server/auth/password.server.ts";
import { isCommonPassword } from "#app/server/auth/common-passwords.server.ts";
import { checkNewPassword } from "#app/server/auth/accounts.server.ts";

describe("password hashing (argon2id)", () => {
  test("hashes are PHC strings with the OWASP parameters and a fresh salt each time", async () => {
    const first = await hashPassword("correct horse battery");
    const second = await hashPassword("correct horse battery");
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(first).not.toBe(second);
    expect(ARGON2_PARAMS).toEqual({ memory: 19_456, passes: 2, parallelism: 1, tagLength: 32 });
  });

  test("verify accepts the password and nothing else", async () => {
    const stored = await hashPassword("pässwörd with ünïcode ✓");
    expect(await verifyPassword("pässwörd with ünïcode ✓", stored)).toBe(true);
    expect(await verifyPassword("pässwörd with ünïcode", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  test("a malformed or foreign stored hash never matches and asks for a rehash", async () => {
    for (const stored of ["", "plain", "$2b$10$abcdefghijklmnopqrstuv", "$argon2i$v=19$m=19456,t=2,p=1$YWJj$YWJj"]) {
      expect(await verifyPassword("plain", stored)).toBe(false);
      expect(needsRehash(stored)).toBe(true);
    }
    expect(needsRehash(await hashPassword("x"))).toBe(false);
  });

  test("weaker parameters still verify, and are flagged for a rehash", async () => {
    const { argon2Sync, randomBytes } = await import("node:crypto");
    const salt = randomBytes(16);
    const tag = argon2Sync("argon2id", {
      message: "old one",
      nonce: salt,
      memory: 8192,
      passes: 1,
      parallelism: 1,
      tagLength: 32,
    });
    const stored = `$argon2id$v=19$m=8192,t=1,p=1$${salt.toString("base64").replace(/=+$/, "")}$${tag.toString("base64").replace(/=+$/, "")}`;
    expect(await verifyPassword("old one", stored)).toBe(true);
    expect(needsRehash(stored)).toBe(true);
  });

  test("the dummy check (unknown email) always fails", async () => {
    expect(await verifyDummyPassword("anything")).toBe(false);
  });
});

describe("new password rules", () => {
  test("8 to 128 characters", () => {
    expect(checkNewPassword("short", {})).toMatch(/between 8 and 128/);
    expect(checkNewPassword("x".repeat(129), {})).toMatch(/between 8 and 128/);
    expect(checkNewPassword("eight ch", {})).toBeNull();
    expect(checkNewPassword("y".repeat(128), {})).toBeNull();
  });

  test("common passwords and the account's own email are refused, whatever the case", () => {
    for (const password of ["password", "PASSWORD123", "12345678", "qwerty123", "iloveyou", "Houston1"]) {
      expect(isCommonPassword(password), password).toBe(true);
      expect(checkNewPassword(password, {}), password).toMatch(/too common/);
    }
    expect(isCommonPassword("pat.owner@example.com", { email: "Pat.Owner@example.com" })).toBe(true);
    expect(isCommonPassword("pat.owner", { email: "pat.owner@example.com" })).toBe(true);
    expect(isCommonPassword("Pat Contractor", { name: "pat contractor" })).toBe(true);
    expect(isCommonPassword("tangerine lighthouse")).toBe(false);
  });
});
