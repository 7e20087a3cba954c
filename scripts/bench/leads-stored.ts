/** What the leads section finds in the database after a run: SQLite's file, or a PostgreSQL schema. */
import path from "node:path";

export interface StoredCounts {
  subjects: string[];
  spam: number;
  jobsByStatus: Record<string, number>;
}

/** Markers of this run found in the stored subjects. */
export function markersIn(subjects: string[], runId: string): string[] {
  const pattern = new RegExp(`\\b(${runId}-\\d+)$`);
  return subjects.flatMap((s) => pattern.exec(s)?.[1] ?? []);
}

export async function readSqlite(dataDir: string): Promise<StoredCounts> {
  const { default: Database } = await import("better-sqlite3");
  const db = new Database(path.join(dataDir, "site.db"), { readonly: true, fileMustExist: true });
  try {
    const subjects = (db.prepare("select subject from leads").all() as { subject: string }[]).map((r) => r.subject);
    const spam = (db.prepare("select count(*) as n from leads where is_spam <> 0").get() as { n: number }).n;
    const jobs = db.prepare("select status, count(*) as n from email_jobs group by status").all() as {
      status: string;
      n: number;
    }[];
    return { subjects, spam, jobsByStatus: Object.fromEntries(jobs.map((j) => [j.status, j.n])) };
  } finally {
    db.close();
  }
}

// ---- PostgreSQL (optional) ----

export function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

/** `url` with the search_path of `schema` as a connection option, and without its password (returned apart). */
export function withSchema(url: string, schema: string): { url: string; password: string } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  // Set as text: URLSearchParams would write the space as "+", which is not a space to pg.
  parsed.search = `${parsed.search ? `${parsed.search}&` : "?"}options=-c%20search_path%3D${schema}`;
  return { url: parsed.toString(), password };
}

export async function pgQuery<T>(url: string, fn: (client: import("pg").Client) => Promise<T>): Promise<T> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function readPostgres(url: string, schema: string): Promise<StoredCounts> {
  return pgQuery(url, async (client) => {
    const leads = await client.query<{ subject: string; is_spam: number | boolean }>(`select subject, is_spam from "${schema}".leads`);
    const jobs = await client.query<{ status: string; n: string }>(
      `select status, count(*) as n from "${schema}".email_jobs group by status`,
    );
    return {
      subjects: leads.rows.map((r) => r.subject),
      spam: leads.rows.filter((r) => Boolean(r.is_spam)).length,
      jobsByStatus: Object.fromEntries(jobs.rows.map((j) => [j.status, Number(j.n)])),
    };
  });
}
