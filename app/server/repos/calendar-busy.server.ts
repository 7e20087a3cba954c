/**
 * The busy times last read from the contractor's own calendar (`calendar_busy`, migration 0023,
 * ADR 071): the only code that writes SQL for that table. The set is replaced whole at each good
 * read, so two instances reading the same calendar at once leave one complete set, never a mix.
 */
import { randomUUID } from "node:crypto";
import type { WithDb } from "#app/server/repos/args.server.ts";

export interface CalendarBusy {
  start: Date;
  end: Date;
}

// Three values a row: well under SQLite's and PostgreSQL's limits on bound parameters.
const ROWS_PER_INSERT = 500;

/**
 * Replaces every stored busy time with `busy`. Pass a transaction to make it part of a larger
 * change; otherwise it runs in its own, so a reader sees the old set or the new one.
 */
export async function replaceCalendarBusy({ db, busy }: WithDb<{ busy: readonly CalendarBusy[] }>): Promise<void> {
  const replace = async (trx: typeof db) => {
    await trx.deleteFrom("calendar_busy").execute();
    for (let at = 0; at < busy.length; at += ROWS_PER_INSERT) {
      const rows = busy.slice(at, at + ROWS_PER_INSERT).map(({ start, end }) => ({
        id: randomUUID(),
        starts_at: start.toISOString(),
        ends_at: end.toISOString(),
      }));
      await trx.insertInto("calendar_busy").values(rows).execute();
    }
  };
  if (db.isTransaction) await replace(db);
  else await db.transaction().execute(replace);
}

/** Removes every stored busy time (the calendar was turned off or its address changed). */
export async function deleteCalendarBusy({ db }: WithDb): Promise<void> {
  await db.deleteFrom("calendar_busy").execute();
}

/** The busy times that overlap [from, to), earliest first. */
export async function listCalendarBusy({ db, from, to }: WithDb<{ from: Date; to: Date }>): Promise<CalendarBusy[]> {
  // Every stored time is `toISOString()` text (one width, UTC), so text order is time order.
  const rows = await db
    .selectFrom("calendar_busy")
    .select(["starts_at", "ends_at"])
    .where("starts_at", "<", to.toISOString())
    .where("ends_at", ">", from.toISOString())
    .orderBy("starts_at")
    .orderBy("ends_at")
    .execute();
  return rows.map((row) => ({ start: new Date(row.starts_at), end: new Date(row.ends_at) }));
}

/** How many busy times are stored. */
export async function countCalendarBusy({ db }: WithDb): Promise<number> {
  const row = await db
    .selectFrom("calendar_busy")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
