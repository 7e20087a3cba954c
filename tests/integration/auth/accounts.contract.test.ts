/**
 * The account repos and rules on SQLite and PostgreSQL: users, roles (never the last admin,
 * also when two demotions race), sessions, the brute-force limit (per account for clients
 * without its device cookie, per device cookie, per address; reserved before the password is
 * verified), the sign-up limit, Google linking and the one-time setup token.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { migrateToLatest, openDatabase, type Database } from "#app/server/db/index.server.ts";
import { EmailTakenError, countAdmins, createUser, getUserByEmail, listUsers, setUserRole } from "#app/server/repos/users.server.ts";
import {
  countUserSessions,
  createSession,
  deleteExpiredSessions,
  deleteUserSessions,
  getSessionWithUser,
} from "#app/server/repos/sessions.server.ts";
import {
  checkSetupToken,
  consumeSetupToken,
  createOrPromoteAdmin,
  findOrCreateGoogleUser,
  issueSetupToken,
  registerWithPassword,
  signInWithPassword,
} from "#app/server/auth/accounts.server.ts";
import { databaseTargets, setUpDatabase, tearDownDatabase } from "#tests/support/databases.ts";
import { startAccountMaintenance } from "#app/server/auth/maintenance.server.ts";
import { createLogger } from "#app/server/logger.server.ts";
import { takeRateLimitHits } from "#app/server/repos/rate-limits.server.ts";
import { createDeviceToken, verifyDeviceToken } from "#app/server/auth/device-cookie.server.ts";
import { hashPassword } from "#app/server/auth/password.server.ts";

const targets = databaseTargets("accounts", "accounts contract suite");
const SECRET = "a-test-secret-that-is-long-enough-0123456789";

describe.each(targets)("accounts: $name", (target) => {
  let database: Database;

  beforeAll(async () => {
    database = await setUpDatabase(target);
  });
  afterAll(() => tearDownDatabase(target, database));

  test("emails are one account whatever their case; a duplicate is refused", async () => {
    const user = await createUser({
      db: database.db,
      email: "Mixed.Case@Example.com",
      name: " Pat ",
      passwordHash: null,
    });
    expect(user).toMatchObject({ email: "mixed.case@example.com", name: "Pat", role: "customer", email_verified: 0 });
    expect((await getUserByEmail({ db: database.db, email: "MIXED.case@example.COM" }))?.id).toBe(user.id);
    await expect(
      createUser({ db: database.db, email: "mixed.case@example.com", name: "Again", passwordHash: null }),
    ).rejects.toBeInstanceOf(EmailTakenError);
  });

  const register = (fields: { name: string; email: string; password: string }, clientIp = "10.5.0.1", limit = 1000) =>
    registerWithPassword({
      db: database.db,
      dialect: database.dialect,
      ...fields,
      clientIp,
      secret: SECRET,
      limit,
      windowMs: 3_600_000,
    });

  test("sign-up makes customers, refuses common passwords and taken emails", async () => {
    const ok = await register({ name: "Sam", email: "sam@example.com", password: "blue heron dusk" });
    expect(ok.ok && ok.user.role).toBe("customer");
    expect(await register({ name: "Sam", email: "sam2@example.com", password: "Password123" })).toMatchObject({
      ok: false,
      field: "password",
    });
    expect(await register({ name: "Sam", email: "SAM@example.com", password: "another fine pass" })).toMatchObject({
      ok: false,
      field: "email",
    });
    expect(await register({ name: "Sam", email: "sam3@example.com", password: "sam3@example.com" })).toMatchObject({
      ok: false,
      field: "password",
    });
  });

  test("sign-up limit per address: accounts made and taken emails count, refused passwords do not; other addresses go on", async () => {
    const ip = "10.6.0.1";
    const made = await register({ name: "Lim", email: "limit-1@example.com", password: "blue heron dusk" }, ip, 3);
    expect(made.ok).toBe(true);
    // A probe for a taken email counts: it tells whether an account exists.
    expect(await register({ name: "Lim", email: "limit-1@example.com", password: "blue heron dusk" }, ip, 3)).toMatchObject({
      field: "email",
    });
    // A password the rules refuse is answered before the count.
    expect(await register({ name: "Lim", email: "limit-2@example.com", password: "Password123" }, ip, 3)).toMatchObject({
      field: "password",
    });
    expect((await register({ name: "Lim", email: "limit-2@example.com", password: "blue heron dusk" }, ip, 3)).ok).toBe(true);
    const limited = await register({ name: "Lim", email: "limit-3@example.com", password: "blue heron dusk" }, ip, 3);
    expect(limited).toMatchObject({ ok: false, reason: "limited" });
    expect(!limited.ok && "reason" in limited && limited.retryAfterSeconds).toBeGreaterThan(3500);
    expect(await getUserByEmail({ db: database.db, email: "limit-3@example.com" })).toBeNull();
    expect((await register({ name: "Lim", email: "limit-3@example.com", password: "blue heron dusk" }, "10.6.0.2", 3)).ok).toBe(true);
  });

  test("sign-up limit holds under 20 sign-ups at once from one address", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        register({ name: "Burst", email: `burst-${i}@example.com`, password: "blue heron dusk" }, "10.7.0.1", 5),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    expect(results.filter((r) => !r.ok && "reason" in r && r.reason === "limited")).toHaveLength(15);
  });

  test("the last admin cannot be demoted; with two, one can; two demotions at once leave one admin", async () => {
    const a = await createUser({
      db: database.db,
      email: "admin-a@example.com",
      name: "A",
      passwordHash: null,
      role: "admin",
    });
    expect(await setUserRole({ db: database.db, dialect: database.dialect, id: a.id, role: "customer" })).toBe("last-admin");
    const b = await createUser({ db: database.db, email: "admin-b@example.com", name: "B", passwordHash: null });
    expect(await setUserRole({ db: database.db, dialect: database.dialect, id: b.id, role: "admin" })).toBe("changed");
    expect(await setUserRole({ db: database.db, dialect: database.dialect, id: b.id, role: "admin" })).toBe("unchanged");
    expect(await countAdmins({ db: database.db })).toBe(2);

    const results = await Promise.all([
      setUserRole({ db: database.db, dialect: database.dialect, id: a.id, role: "customer" }),
      setUserRole({ db: database.db, dialect: database.dialect, id: b.id, role: "customer" }),
    ]);
    expect(results.toSorted()).toEqual(["changed", "last-admin"]);
    expect(await countAdmins({ db: database.db })).toBe(1);
    expect(await setUserRole({ db: database.db, dialect: database.dialect, id: "missing", role: "admin" })).toBe("not-found");
  });

  test("sessions: found by hash until they expire; deleted per account; counted in the user list", async () => {
    const user = await createUser({ db: database.db, email: "sessions@example.com", name: "S", passwordHash: null });
    const now = new Date();
    await createSession({
      db: database.db,
      idHash: "h1",
      userId: user.id,
      expiresAt: new Date(now.getTime() + 60_000),
      userAgent: null,
    });
    await createSession({
      db: database.db,
      idHash: "h2",
      userId: user.id,
      expiresAt: new Date(now.getTime() + 60_000),
      userAgent: "x",
    });
    await createSession({
      db: database.db,
      idHash: "h3",
      userId: user.id,
      expiresAt: new Date(now.getTime() - 1),
      userAgent: null,
    });
    expect((await getSessionWithUser({ db: database.db, idHash: "h1" }))?.user.id).toBe(user.id);
    expect(await getSessionWithUser({ db: database.db, idHash: "h3" })).toBeNull();
    expect(await countUserSessions({ db: database.db, userId: user.id })).toBe(2);
    const listed = (await listUsers({ db: database.db })).users.find((u) => u.id === user.id);
    expect(listed).toMatchObject({ sessionCount: 2, hasPassword: false, hasGoogle: false });
    expect(await deleteExpiredSessions({ db: database.db })).toBeGreaterThanOrEqual(1);
    expect(await deleteUserSessions({ db: database.db, userId: user.id, keepIdHash: "h1" })).toBe(1);
    expect(await countUserSessions({ db: database.db, userId: user.id })).toBe(1);
    expect(await deleteUserSessions({ db: database.db, userId: user.id })).toBe(1);
  });

  test("sign-in: the same answer for an unknown email and a wrong password; 10 failures per account or client lock it", async () => {
    const created = await createOrPromoteAdmin({
      db: database.db,
      dialect: database.dialect,
      email: "owner@example.com",
      password: "kettle orchard violet",
    });
    expect(created.ok).toBe(true);
    const attempt = (email: string, password: string, clientIp: string, deviceToken: string | null = null) =>
      signInWithPassword({
        db: database.db,
        dialect: database.dialect,
        email,
        password,
        clientIp,
        secret: SECRET,
        limit: 10,
        windowMs: 900_000,
        deviceToken,
      });

    const first = await attempt("owner@example.com", "kettle orchard violet", "10.0.0.1");
    expect(first).toMatchObject({ ok: true });
    // A success gives a device token for this account.
    const deviceToken = first.ok ? first.deviceToken : "";
    expect(verifyDeviceToken({ secret: SECRET, token: deviceToken, login: "owner@example.com" })).not.toBeNull();
    expect(await attempt("owner@example.com", "wrong", "10.0.0.1")).toEqual({ ok: false, reason: "invalid" });
    expect(await attempt("nobody@example.com", "wrong", "10.0.0.1")).toEqual({ ok: false, reason: "invalid" });

    // Per account, from clients without its device cookie: failures from many addresses add up.
    for (let i = 0; i < 9; i++) await attempt("owner@example.com", "wrong", `10.1.0.${i}`);
    const locked = await attempt("owner@example.com", "kettle orchard violet", "10.9.9.9");
    expect(locked).toMatchObject({ ok: false, reason: "limited" });
    expect(locked.ok === false && locked.reason === "limited" && locked.retryAfterSeconds).toBeGreaterThan(800);
    // The owner's browser, with its device cookie, still signs in; a forged cookie or another
    // account's does not help.
    expect(await attempt("owner@example.com", "kettle orchard violet", "10.9.9.9", deviceToken)).toMatchObject({
      ok: true,
    });
    expect(await attempt("owner@example.com", "kettle orchard violet", "10.9.9.9", `${deviceToken.slice(0, -2)}AA`)).toMatchObject({
      reason: "limited",
    });
    const sams = createDeviceToken({ secret: SECRET, login: "sam@example.com" });
    expect(await attempt("owner@example.com", "kettle orchard violet", "10.9.9.9", sams)).toMatchObject({
      reason: "limited",
    });
    expect(
      await attempt(
        "owner@example.com",
        "kettle orchard violet",
        "10.9.9.9",
        createDeviceToken({ secret: "another-secret-".repeat(3), login: "owner@example.com" }),
      ),
    ).toMatchObject({ reason: "limited" });

    // Per client: one address trying many accounts.
    for (let i = 0; i < 10; i++) await attempt(`guess${i}@example.com`, "wrong", "10.2.0.1");
    expect(await attempt("sam@example.com", "blue heron dusk", "10.2.0.1")).toMatchObject({ reason: "limited" });
    // Another address and another account are unaffected.
    expect(await attempt("sam@example.com", "blue heron dusk", "10.3.0.1")).toMatchObject({ ok: true });
  });

  test("sign-in: a device cookie that fails 10 times is locked out itself; successes are not counted", async () => {
    await createUser({
      db: database.db,
      email: "device@example.com",
      name: "D",
      passwordHash: await hashPassword("quiet lantern moss"),
    });
    const attempt = (password: string, clientIp: string, deviceToken: string | null) =>
      signInWithPassword({
        db: database.db,
        dialect: database.dialect,
        email: "device@example.com",
        password,
        clientIp,
        secret: SECRET,
        limit: 10,
        windowMs: 900_000,
        deviceToken,
      });
    const token = createDeviceToken({ secret: SECRET, login: "device@example.com" });
    // Successes give their reservation back: 15 in a row are fine.
    for (let i = 0; i < 15; i++) expect((await attempt("quiet lantern moss", `10.20.0.${i}`, token)).ok).toBe(true);
    for (let i = 0; i < 10; i++) expect(await attempt("wrong", `10.21.0.${i}`, token)).toMatchObject({ reason: "invalid" });
    expect(await attempt("quiet lantern moss", "10.22.0.1", token)).toMatchObject({ reason: "limited" });
    // The account's bucket for other clients was not touched: a new browser signs in.
    expect(await attempt("quiet lantern moss", "10.22.0.2", null)).toMatchObject({ ok: true });
  });

  test("sign-in: 20 wrong passwords at once verify at most 10 (the reservation comes first)", async () => {
    await createUser({
      db: database.db,
      email: "burst@example.com",
      name: "B",
      passwordHash: await hashPassword("quiet lantern moss"),
    });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        signInWithPassword({
          db: database.db,
          dialect: database.dialect,
          email: "burst@example.com",
          password: `wrong ${i}`,
          clientIp: `10.30.0.${i}`,
          secret: SECRET,
          limit: 10,
          windowMs: 900_000,
        }),
      ),
    );
    expect(results.filter((r) => !r.ok && r.reason === "invalid")).toHaveLength(10);
    expect(results.filter((r) => !r.ok && r.reason === "limited")).toHaveLength(10);
  });

  test("Google: links a verified email, refuses an unverified one, reuses the linked account", async () => {
    const claims = { sub: "g-123", email: "Sam@example.com", emailVerified: true, name: "Sam G" };
    const linked = await findOrCreateGoogleUser({ db: database.db, claims });
    expect(linked).toMatchObject({ ok: true, created: false });
    expect(linked.ok && linked.user.email).toBe("sam@example.com");
    const again = await findOrCreateGoogleUser({
      db: database.db,
      claims: { ...claims, email: "changed@example.com" },
    });
    expect(again.ok && again.user.id).toBe(linked.ok && linked.user.id);
    expect(await findOrCreateGoogleUser({ db: database.db, claims: { ...claims, sub: "g-other" } })).toEqual({
      ok: false,
      reason: "linked-elsewhere",
    });
    expect(
      await findOrCreateGoogleUser({
        db: database.db,
        claims: { sub: "g-new", email: "new@example.com", emailVerified: false, name: null },
      }),
    ).toEqual({ ok: false, reason: "unverified" });
    const created = await findOrCreateGoogleUser({
      db: database.db,
      claims: { sub: "g-new", email: "new@example.com", emailVerified: true, name: null },
    });
    expect(created).toMatchObject({ ok: true, created: true });
    expect(created.ok && created.user).toMatchObject({ role: "customer", name: "new", password_hash: null });
  });

  test("setup token: valid once while no admin exists; never once one does", async () => {
    const fresh = await openDatabase(await target.fresh());
    try {
      await migrateToLatest(fresh);
      const token = (await issueSetupToken({ db: fresh.db }))!;
      const other = (await issueSetupToken({ db: fresh.db }))!;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(await checkSetupToken({ db: fresh.db, token })).toBe("valid");
      expect(await checkSetupToken({ db: fresh.db, token: "forged" })).toBe("invalid");
      expect(await checkSetupToken({ db: fresh.db, token, now: new Date(Date.now() + 3601_000) })).toBe("expired");
      // Two posts of the same link: only one may go on.
      expect(
        (await Promise.all([consumeSetupToken({ db: fresh.db, token }), consumeSetupToken({ db: fresh.db, token })])).toSorted(),
      ).toEqual([false, true]);
      expect(await checkSetupToken({ db: fresh.db, token: other })).toBe("invalid");
      await createOrPromoteAdmin({
        db: fresh.db,
        dialect: fresh.dialect,
        email: "first@example.com",
        password: "granite meadow tulip",
      });
      expect(await checkSetupToken({ db: fresh.db, token })).toBe("admin-exists");
      expect(await issueSetupToken({ db: fresh.db })).toBeNull();
    } finally {
      await fresh.close();
    }
  });

  test("housekeeping removes expired sessions and rate-limit hits past their window, and nothing else", async () => {
    const user = await createUser({
      db: database.db,
      email: "housekeeping@example.com",
      name: "H",
      passwordHash: null,
    });
    const now = Date.now();
    await createSession({
      db: database.db,
      idHash: "hk-live",
      userId: user.id,
      expiresAt: new Date(now + 60_000),
      userAgent: null,
    });
    await createSession({
      db: database.db,
      idHash: "hk-dead",
      userId: user.id,
      expiresAt: new Date(now - 60_000),
      userAgent: null,
    });
    const hit = (bucket: string, at: number) =>
      takeRateLimitHits({
        db: database.db,
        dialect: database.dialect,
        rules: [{ bucket, limit: 10, windowMs: 900_000 }],
        now: new Date(at),
      });
    await hit("hk:old", now - 2 * 900_000);
    await hit("hk:new", now - 1000);
    const maintenance = startAccountMaintenance({ database, logger: createLogger({ level: "silent" }) });
    await maintenance.runOnce();
    maintenance.stop();
    expect(await getSessionWithUser({ db: database.db, idHash: "hk-live" })).not.toBeNull();
    const rows = await database.db.selectFrom("sessions").select("id_hash").where("user_id", "=", user.id).execute();
    expect(rows.map((r) => r.id_hash)).toEqual(["hk-live"]);
    const hits = await database.db.selectFrom("rate_limit_hits").select("bucket").where("bucket", "in", ["hk:old", "hk:new"]).execute();
    expect(hits.map((h) => h.bucket)).toEqual(["hk:new"]);
  });
});
