/**
 * What the server reads and says at start-up, against the real built server:
 * - in production (NODE_ENV unset, as `npm start` leaves it, or set to production) every open
 *   go-live item prints one plain warning line on stdout, and the log has one "not ready to go
 *   live" warning naming them all; an owner's own settings close them;
 * - `.env` in the working directory is read, and a variable of the real environment wins over it;
 * - a SIGTERM while those checks run (they look up DNS) drains and exits 0, as any other.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { get, root, serverEnv, startServer, stopAllServers } from "#tests/support/server.ts";
import { migrateToLatest, openDatabase } from "#app/server/db/index.server.ts";
import { saveStoredProfile } from "#app/server/repos/site-profile.server.ts";
import { defaultProfile } from "#app/content/company.ts";

const dirs: string[] = [];
function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

afterAll(async () => {
  await stopAllServers();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const plainWarnings = (stdout: string) => stdout.split("\n").filter((line) => line.startsWith("Not ready to go live: "));
const logWarnings = (stderr: string) =>
  stderr
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { level: string; msg: string; open?: string[] })
    .filter((entry) => entry.msg === "not ready to go live");

describe("go-live warnings at start-up", () => {
  test("with the defaults, production prints one warning line for each open item", async () => {
    const site = await startServer({ env: { NODE_ENV: "production" } });
    const lines = plainWarnings(site.stdout());
    expect(lines).toEqual([
      expect.stringMatching(
        /^Not ready to go live: Emails are only written to files under DATA_DIR\/mail: no one receives the estimate requests\. Set SMTP_URL/,
      ),
      expect.stringMatching(
        /^Not ready to go live: Estimate requests go to estimates@example\.com, an address no one reads\. .* \(http:\/\/localhost:\d+\/admin\/site\)$/,
      ),
      expect.stringMatching(
        /^Not ready to go live: The site still shows the placeholder name, phone and email \(Example Home Remodeling, \(713\) 555-0147, estimates@example\.com\)\./,
      ),
      expect.stringMatching(/^Not ready to go live: PUBLIC_URL is http:\/\/localhost:\d+, which only this machine can open/),
      expect.stringMatching(/^Not ready to go live: No photos are published: .* \(http:\/\/localhost:\d+\/admin\/gallery\)$/),
      expect.stringMatching(/^Not ready to go live: There are no testimonials/),
      expect.stringMatching(/^Not ready to go live: Emails are sent from no-reply@localhost, an address only this machine knows/),
      expect.stringMatching(
        /^Not ready to go live: Records can only be published for a domain of your own, not localhost\. .*\/admin\/email\)$/,
      ),
    ]);
    // One log entry for them all, not a warning per item.
    expect(logWarnings(site.stderr()).map((entry) => [entry.level, entry.open])).toEqual([
      ["warn", ["mail", "lead-inbox", "business", "public-url", "photos", "testimonials", "mail-sender", "mail-dns"]],
    ]);
    await site.stop();
  });

  test("NODE_ENV unset is production too (npm start); development prints none", async () => {
    const unset = await startServer();
    expect(plainWarnings(unset.stdout())).toHaveLength(8);
    await unset.stop();
    const development = await startServer({ env: { NODE_ENV: "development" } });
    expect(plainWarnings(development.stdout())).toEqual([]);
    expect(logWarnings(development.stderr())).toEqual([]);
    await development.stop();
  });

  test("the owner's settings close the items: only the photos, testimonials and mail records remain", async () => {
    const dataDir = tempDir("startup-owner-");
    const database = await openDatabase({ dataDir });
    try {
      await migrateToLatest(database);
      await saveStoredProfile({
        db: database.db,
        data: {
          ...defaultProfile,
          name: "Bayou City Builders",
          phone: "(281) 555-0123",
          publicEmail: "hello@bayoubuilders.com",
          leadInbox: "leads@bayoubuilders.com",
        },
        updatedBy: null,
      });
    } finally {
      await database.close();
    }
    const site = await startServer({
      dataDir,
      env: { PUBLIC_URL: "https://www.bayoubuilders.com", SMTP_URL: "smtp://127.0.0.1:2525" },
    });
    expect(plainWarnings(site.stdout())).toEqual([
      expect.stringMatching(/^Not ready to go live: No photos are published: /),
      expect.stringMatching(/^Not ready to go live: There are no testimonials: /),
      // No DKIM key was made and the real bayoubuilders.com publishes no DKIM record for it; with no network, nothing is found.
      expect.stringMatching(/^Not ready to go live: (Missing for bayoubuilders\.com: |Not as they should be: |Could not check )/),
    ]);
    await site.stop();
  });
});

describe(".env in the working directory", () => {
  test("is read at start-up: PUBLIC_URL and LEADS_TO from the file reach the server", async () => {
    const cwd = tempDir("startup-env-");
    writeFileSync(
      path.join(cwd, ".env"),
      ["# the operator's settings", "PUBLIC_URL=https://www.from-dotenv.test", "LEADS_TO=leads@from-dotenv.test", ""].join("\n"),
    );
    const site = await startServer({ cwd });
    const listening = site
      .stdout()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { msg: string; publicUrl?: string; file?: string });
    expect(listening.find((entry) => entry.msg === "listening")?.publicUrl).toBe("https://www.from-dotenv.test");
    expect(listening.find((entry) => entry.msg.startsWith("settings read from .env"))?.file).toBe(path.join(cwd, ".env"));
    // The lead inbox is LEADS_TO's: no warning about the placeholder inbox, none about PUBLIC_URL.
    const lines = plainWarnings(site.stdout()).join("\n");
    expect(lines).not.toContain("an address no one reads");
    expect(lines).not.toContain("PUBLIC_URL is");
    // The page's canonical link is built from PUBLIC_URL.
    expect((await get(`${site.url}/about`)).text).toContain('href="https://www.from-dotenv.test/about"');
    await site.stop();
  });

  test("a variable of the real environment wins over the file", async () => {
    const cwd = tempDir("startup-env-");
    writeFileSync(path.join(cwd, ".env"), "PUBLIC_URL=https://www.from-dotenv.test\nLEADS_TO=leads@from-dotenv.test\n");
    const site = await startServer({ cwd, env: { PUBLIC_URL: "https://www.from-environment.test" } });
    const entries = site
      .stdout()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { msg: string; publicUrl?: string });
    expect(entries.find((entry) => entry.msg === "listening")?.publicUrl).toBe("https://www.from-environment.test");
    await site.stop();
  });

  test("without a .env the server says nothing about one", async () => {
    const cwd = tempDir("startup-noenv-");
    const site = await startServer({ cwd });
    expect(site.stdout()).not.toContain("settings read from .env");
    await site.stop();
  });
});

describe("stopping during start-up", () => {
  test("a SIGTERM as soon as the server listens, while the go-live checks still run, drains and exits 0", async () => {
    // A sender domain of the owner's own: the checks look up its DNS records after "listening".
    const env = serverEnv({
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: tempDir("site-sigterm-"),
      PUBLIC_URL: "https://www.bayoubuilders.com",
      SMTP_URL: "smtp://127.0.0.1:2525",
    });
    const child = spawn(process.execPath, [path.join(root, "server/main.ts")], { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once("exit", (code, signal) => resolve({ code, signal })),
    );
    await new Promise<void>((resolve) =>
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
        stdout += chunk;
        if (stdout.includes('"msg":"listening"')) resolve();
      }),
    );
    child.kill("SIGTERM");
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(stdout).toContain('"msg":"stopped"');
  });
});
