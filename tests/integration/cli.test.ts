/**
 * The operator CLI as operators run it: `node server/cli.ts <command>` in a child process
 * (Node strips the types itself; no build, no Vite).
 * - SQLite in a temp DATA_DIR always.
 * - PostgreSQL when TEST_POSTGRES_URL is set, in a new schema `t_<random>` selected with the
 *   connection string's `options=-c search_path=…`, dropped afterwards.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { migrationProvider } from "../../app/server/db/migrations.server.ts";
import { openDatabase, type Database } from "../../app/server/db/index.server.ts";
import { getUserByEmail } from "../../app/server/repos/users.server.ts";
import { verifyPassword } from "../../app/server/auth/password.server.ts";
import { createTestSession } from "../support/accounts.ts";
import { countUserSessions } from "../../app/server/repos/sessions.server.ts";

const POSTGRES_URL = process.env.TEST_POSTGRES_URL;
const ROOT = fileURLToPath(new URL("../..", import.meta.url));

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

function runCli(args: string[], env: Record<string, string | undefined>): Promise<CliRun> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  delete childEnv.DATABASE_URL;
  delete childEnv.DATA_DIR;
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ["--no-warnings", "server/cli.ts", ...args],
      { cwd: ROOT, env: { ...childEnv, ...env }, timeout: 30_000 },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== "number") return reject(error);
        resolve({ code: typeof error?.code === "number" ? error.code : 0, stdout, stderr });
      },
    );
  });
}

async function migrationNames(): Promise<string[]> {
  return Object.keys(await migrationProvider.getMigrations()).toSorted();
}

let tempRoot = "";
beforeAll(async () => {
  tempRoot = await mkdtemp(path.join(os.tmpdir(), "cli-test-"));
});
afterAll(async () => {
  if (tempRoot) await rm(tempRoot, { recursive: true, force: true });
});

/**
 * create-admin against one database: creates, promotes (keeping or replacing the password),
 * refuses bad input with the right exit codes, and never leaves a half-made account.
 */
async function checkCreateAdmin(env: Record<string, string>, open: () => Promise<Database>) {
  const password = "river stone lantern 42";
  const created = await runCli(["create-admin", "--email", "Owner@Example.com", "--password", password, "--name", "Pat Owner"], env);
  expect(created, created.stderr).toMatchObject({ code: 0 });
  expect(created.stdout).toContain("Created admin account owner@example.com");

  const database = await open();
  try {
    const owner = await getUserByEmail({ db: database.db, email: "owner@example.com" });
    expect(owner).toMatchObject({ role: "admin", name: "Pat Owner", email: "owner@example.com" });
    expect(owner!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(password, owner!.password_hash!)).toBe(true);
    expect(await verifyPassword("wrong password here", owner!.password_hash!)).toBe(false);

    // Promote an existing customer without touching its password or sessions.
    const customerRun = await runCli(["create-admin", "--email", "owner@example.com"], env);
    expect(customerRun, customerRun.stderr).toMatchObject({ code: 0 });
    expect(customerRun.stdout).toContain("owner@example.com is an admin now.");

    // A new password replaces the old one and signs the account out everywhere.
    await createTestSession(database, owner!.id);
    expect(await countUserSessions({ db: database.db, userId: owner!.id })).toBe(1);
    const reset = await runCli(["create-admin", "--email", "owner@example.com", "--password", "new meadow bicycle 7"], env);
    expect(reset, reset.stderr).toMatchObject({ code: 0 });
    expect(reset.stdout).toContain("its password was replaced and its sessions signed out");
    const after = await getUserByEmail({ db: database.db, email: "owner@example.com" });
    expect(await verifyPassword("new meadow bicycle 7", after!.password_hash!)).toBe(true);
    expect(await countUserSessions({ db: database.db, userId: owner!.id })).toBe(0);

    // Bad input: exit 2 for usage, 1 for a refused password or a missing one; nothing created.
    const noEmail = await runCli(["create-admin", "--password", password], env);
    expect(noEmail.code).toBe(2);
    expect(noEmail.stderr).toContain("--email must be an email address");
    const common = await runCli(["create-admin", "--email", "two@example.com", "--password", "password123"], env);
    expect(common.code).toBe(1);
    expect(common.stderr).toContain("too common");
    const short = await runCli(["create-admin", "--email", "two@example.com", "--password", "short"], env);
    expect(short.code).toBe(1);
    expect(short.stderr).toContain("between 8 and 128 characters");
    const noPassword = await runCli(["create-admin", "--email", "two@example.com"], env);
    expect(noPassword.code).toBe(1);
    expect(noPassword.stderr).toContain("needs a password");
    expect(await getUserByEmail({ db: database.db, email: "two@example.com" })).toBeNull();
  } finally {
    await database.close();
  }
}

describe("cli: SQLite", () => {
  test("create-admin creates an admin, promotes an existing account, and refuses bad input", async () => {
    const dataDir = path.join(tempRoot, "sqlite-admin", "data");
    await checkCreateAdmin({ DATA_DIR: dataDir }, () => openDatabase({ dataDir }));
  });

  test("migrate applies the migrations once, then says the database is up to date", async () => {
    const dataDir = path.join(tempRoot, "sqlite", "data");
    const first = await runCli(["migrate"], { DATA_DIR: dataDir });
    expect(first, first.stderr).toMatchObject({ code: 0 });
    for (const name of await migrationNames()) expect(first.stdout).toContain(name);
    expect(existsSync(path.join(dataDir, "site.db"))).toBe(true);

    const second = await runCli(["migrate"], { DATA_DIR: dataDir });
    expect(second, second.stderr).toMatchObject({ code: 0 });
    expect(second.stdout).toContain("Database is up to date");
  });

  test("an unknown command exits 2 and prints the usage", async () => {
    const run = await runCli(["frobnicate"], {});
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("Unknown command: frobnicate");
    expect(run.stderr).toContain("Usage: node server/cli.ts <command>");
    expect(run.stderr).toContain("migrate");
  });

  test("no command exits 2 with the usage; an unknown option exits 2", async () => {
    const none = await runCli([], {});
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("Usage:");
    const badOption = await runCli(["migrate", "--frob"], { DATA_DIR: path.join(tempRoot, "unused") });
    expect(badOption.code).toBe(2);
    expect(badOption.stderr).toContain("--frob");
  });

  test("help lists the commands and exits 0", async () => {
    const run = await runCli(["help"], {});
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^\s+migrate\s+/m);
    expect(run.stdout).toMatch(/^\s+help\s+/m);
  });

  test("a failing migrate prints a clear message to stderr and exits 1", async () => {
    const run = await runCli(["migrate"], {
      DATABASE_URL: "postgres://postgres@127.0.0.1:1/test",
      DATA_DIR: path.join(tempRoot, "unused"),
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^migrate failed: Database migration failed \(postgres\): .+/m);
    expect(run.stdout).toBe("");
  });
});

if (POSTGRES_URL) {
  describe("cli: PostgreSQL", () => {
    const schema = `t_${randomBytes(6).toString("hex")}`;
    const adminSchema = `t_${randomBytes(6).toString("hex")}`;
    const admin = new Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 5000 });

    beforeAll(async () => {
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      await admin.query(`create schema ${adminSchema}`);
    });
    afterAll(async () => {
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.query(`drop schema if exists ${adminSchema} cascade`);
      await admin.end();
    });

    test("create-admin creates an admin, promotes an existing account, and refuses bad input", async () => {
      const url = new URL(POSTGRES_URL);
      url.searchParams.set("options", `-c search_path=${adminSchema}`);
      const env = { DATABASE_URL: url.href, DATA_DIR: path.join(tempRoot, "pg-admin-unused") };
      await checkCreateAdmin(env, () =>
        openDatabase({ databaseUrl: POSTGRES_URL, dataDir: env.DATA_DIR, schema: adminSchema }),
      );
    });

    test("migrate applies the migrations in the isolated schema, then is up to date", async () => {
      const url = new URL(POSTGRES_URL);
      url.searchParams.set("options", `-c search_path=${schema}`);
      const env = { DATABASE_URL: url.href, DATA_DIR: path.join(tempRoot, "pg-unused") };

      const first = await runCli(["migrate"], env);
      expect(first, first.stderr).toMatchObject({ code: 0 });
      for (const name of await migrationNames()) expect(first.stdout).toContain(name);

      const second = await runCli(["migrate"], env);
      expect(second, second.stderr).toMatchObject({ code: 0 });
      expect(second.stdout).toContain("Database is up to date");

      const { rows } = await admin.query<{ table_name: string }>(
        "select table_name from information_schema.tables where table_schema = $1 order by table_name",
        [schema],
      );
      // The migrator's own two tables and every table the migrations create, all in the isolated schema.
      expect(rows.map((row) => row.table_name)).toEqual(
        [
          "email_jobs",
          "kysely_migration",
          "kysely_migration_lock",
          "lead_notes",
          "leads",
          "photos",
          "service_covers",
          "sessions",
          "settings",
          "sign_in_failures",
          "site_photos",
          "site_profile",
          "site_texts",
          "testimonials",
          "users",
        ],
      );
      // Nothing leaked into the default schema.
      expect(existsSync(path.join(tempRoot, "pg-unused", "site.db"))).toBe(false);
    });
  });
} else {
  test.skip("PostgreSQL CLI test SKIPPED: set TEST_POSTGRES_URL=postgres://... to run it", () => {});
}
