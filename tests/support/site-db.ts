/**
 * A test server's SQLite file, read beside the running server (WAL allows it), and the lookups
 * the suites share. Rows are the app's own row types: the tests read what the repositories write.
 */
import path from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { hashSessionId } from "#app/server/auth/session.server.ts";
import type { EmailJob } from "#app/server/repos/email-jobs.server.ts";
import type { Lead } from "#app/server/repos/leads.server.ts";
import type { User } from "#app/server/repos/users.server.ts";

/** The server's database, read-only unless asked (a busy server may hold a write for a moment). */
export function openSiteDb(dataDir: string, options: { readonly?: boolean } = {}): BetterSqlite3.Database {
  const db = new BetterSqlite3(path.join(dataDir, "site.db"), {
    readonly: options.readonly ?? true,
    fileMustExist: true,
  });
  db.pragma("busy_timeout = 5000");
  return db;
}

export function leadsWhere(db: BetterSqlite3.Database, clause = "1 = 1", ...params: unknown[]): Lead[] {
  return db.prepare(`select * from leads where ${clause} order by created_at`).all(...params) as Lead[];
}

/** The leads whose subject contains `mark`. */
export function leadsMarked(db: BetterSqlite3.Database, mark: string): Lead[] {
  return leadsWhere(db, "instr(subject, ?) > 0", mark);
}

export function jobsOf(db: BetterSqlite3.Database, leadId: string): EmailJob[] {
  return db.prepare("select * from email_jobs where lead_id = ? order by kind").all(leadId) as EmailJob[];
}

export function countLeads(db: BetterSqlite3.Database): number {
  return (db.prepare("select count(*) as n from leads").get() as { n: number }).n;
}

export function userByEmail(db: BetterSqlite3.Database, email: string): User | undefined {
  return db.prepare("select * from users where email = ?").get(email.toLowerCase()) as User | undefined;
}

export function countUsers(db: BetterSqlite3.Database, where = "1 = 1", ...params: unknown[]): number {
  return (db.prepare(`select count(*) as n from users where ${where}`).get(...params) as { n: number }).n;
}

export function sessionCount(db: BetterSqlite3.Database, userId: string): number {
  return (db.prepare("select count(*) as n from sessions where user_id = ?").get(userId) as { n: number }).n;
}

/** Whether the session behind a `session=<id>` cookie is stored. */
export function sessionExists(db: BetterSqlite3.Database, cookie: string): boolean {
  const id = cookie.slice(cookie.indexOf("=") + 1);
  return db.prepare("select 1 from sessions where id_hash = ?").get(hashSessionId(id)) !== undefined;
}

/** The site's signing key (form tokens), as the server stored it: JSON text in `settings`. */
export function siteSecret(db: BetterSqlite3.Database): string {
  const row = db.prepare("select value from settings where key = 'site_secret'").get() as { value: string };
  return JSON.parse(row.value) as string;
}

/**
 * The leads whose `within` columns contain `marker`, oldest first, with only `columns` (and
 * `photos`, their number of job photos, when asked), opening and closing the file around the read.
 */
export function leadsContaining<K extends keyof Lead>(
  dataDir: string,
  marker: string,
  options: { columns: K[]; within: (keyof Lead)[]; photos?: boolean },
): (Pick<Lead, K> & { photos?: number })[] {
  const photos = options.photos ? ", (select count(*) from lead_photos p where p.lead_id = leads.id) as photos" : "";
  const where = options.within.map((column) => `${column} like @pattern`).join(" or ");
  const db = openSiteDb(dataDir);
  try {
    return db
      .prepare(`select ${options.columns.join(", ")}${photos} from leads where ${where} order by created_at`)
      .all({ pattern: `%${marker}%` }) as (Pick<Lead, K> & { photos?: number })[];
  } finally {
    db.close();
  }
}
