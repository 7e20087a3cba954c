/**
 * The dashboard's Backups section against the real server, on SQLite and (with TEST_POSTGRES_URL
 * and pg_dump) PostgreSQL: "No backup yet" with the fix, the time of a backup made from the
 * command line, a warning once it is more than two days old, and the daily job the server runs
 * when BACKUP_DIR is set.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { findExecutable } from "#app/server/db/snapshot.server.ts";
import { LAST_BACKUP_KEY, listSnapshots } from "#app/server/backup/backup.server.ts";
import { getSetting, setSetting } from "#app/server/repos/settings.server.ts";
import { databaseTargets, schemaUrl } from "#tests/support/databases.ts";
import { startAdminSite, textOf, type AdminSite } from "#tests/support/admin-site.ts";
import { runCli } from "#tests/support/cli.ts";
import { waitUntil } from "#tests/support/leads.ts";

const hasPgDump = Boolean(findExecutable("pg_dump"));
const targets = databaseTargets("admin-backups", "admin backups suite").filter((target) => target.name !== "postgres" || hasPgDump);
if (process.env.TEST_POSTGRES_URL && !hasPgDump) {
  console.warn("PostgreSQL admin backups suite SKIPPED: pg_dump is not on PATH");
  test.skip("PostgreSQL admin backups suite SKIPPED: pg_dump is not on PATH (install the PostgreSQL client tools)", () => {});
}

let tempRoot = "";
beforeAll(async () => {
  tempRoot = await mkdtemp(path.join(os.tmpdir(), "admin-backups-"));
});
afterAll(async () => {
  if (tempRoot) await rm(tempRoot, { recursive: true, force: true });
});

/** The CLI's environment for the site's own data. */
function cliEnv(site: AdminSite): Record<string, string> {
  const env: Record<string, string> = { DATA_DIR: site.target.dataDir };
  if (site.target.databaseUrl) {
    const url = new URL(schemaUrl(site.target.databaseUrl, site.target.schema));
    env.DATABASE_URL = url.href;
  }
  return env;
}

const backupsSection = (html: string) => {
  const start = html.indexOf('<section class="admin-section" aria-labelledby="backups">');
  expect(start, "the Backups section").toBeGreaterThan(-1);
  return textOf(html.slice(start, html.indexOf("</section>", start)));
};

describe.each(targets)("Backups on the dashboard, $name", (target) => {
  let site: AdminSite | undefined;
  let daily: AdminSite | undefined;

  beforeAll(async () => {
    await target.setup();
  });
  afterAll(async () => {
    await site?.stop();
    await daily?.stop();
    await target.teardown();
  });

  test("no backup yet shows the fix; a backup from the command line shows its time; after two days it is a warning", async () => {
    site = await startAdminSite(target);
    const empty = backupsSection((await site.get("/admin")).text);
    expect(empty).toContain("No backup yet.");
    expect(empty).toContain("Fix: Set BACKUP_DIR for a daily backup, or run npm run cli -- backup --to /path/to/backups.");
    expect(empty).toContain("Daily backups are off (BACKUP_DIR is not set).");

    const run = await runCli(["backup", "--to", path.join(tempRoot, `cli-${target.name}`)], cliEnv(site));
    expect(run, run.stderr).toMatchObject({ code: 0 });
    const folder = /^Backup written to (.+)$/m.exec(run.stdout)![1]!;

    const html = (await site.get("/admin")).text;
    const fresh = backupsSection(html);
    expect(fresh).not.toContain("No backup yet");
    expect(fresh).toMatch(
      /^Backups Last backup: [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M C[DS]T \(made from the command line, 0 estimate requests, 0 photos\), in /,
    );
    expect(fresh).toContain(folder);
    const last = (await site.db((database) => getSetting({ db: database.db, key: LAST_BACKUP_KEY }))) as { at: string };
    expect(html).toContain(`<time dateTime="${last.at}">`);

    const threeDaysAgo = new Date(Date.now() - 3 * 24 * 3600 * 1000 - 60_000).toISOString();
    await site.db((database) => setSetting({ db: database.db, key: LAST_BACKUP_KEY, value: { ...last, at: threeDaysAgo } }));
    const stale = backupsSection((await site.get("/admin")).text);
    expect(stale).toMatch(/Warning: the last backup is 3 days old \([A-Z][a-z]{2} \d{1,2}, \d{4}/);
    expect(stale).toContain("Fix: Set BACKUP_DIR for a daily backup");
  });

  test("with BACKUP_DIR the server makes the daily backup itself, and the dashboard says so", async () => {
    const dir = path.join(tempRoot, `daily-${target.name}`);
    daily = await startAdminSite(target, { BACKUP_DIR: dir, BACKUP_KEEP: "3" });
    const dailySite = daily;
    const recorded = () => dailySite.db((database) => getSetting({ db: database.db, key: LAST_BACKUP_KEY }));
    await waitUntil(async () => (await recorded()) !== null, 15_000, "the daily backup at start-up");
    expect(await listSnapshots(dir)).toHaveLength(1);
    const text = backupsSection((await daily.get("/admin")).text);
    expect(text).toContain("(daily backup, 0 estimate requests, 0 photos)");
    expect(text).toContain(`Daily backups are on: into ${dir}, keeping the newest 3.`);
  });
});
