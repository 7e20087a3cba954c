/**
 * The contractor's booking rules (ADR 071), kept as one setting: read back strictly (a stored
 * value that no longer fits reads as the defaults, never as something half-read), and saved only
 * once the admin's form has been checked against the same schema.
 */
import type { Kysely } from "kysely";
import { BookingRulesSchema, defaultBookingRules, type BookingRules } from "#app/schemas/booking.ts";
import type { DB } from "#app/server/db/schema.server.ts";
import { getSetting, setSetting } from "#app/server/repos/settings.server.ts";

/** The `settings` key of the rules. */
export const BOOKING_RULES_SETTING = "booking.rules";

export async function getBookingRules({ db }: { db: Kysely<DB> }): Promise<BookingRules> {
  const stored = BookingRulesSchema.safeParse(await getSetting({ db, key: BOOKING_RULES_SETTING }));
  return stored.success ? stored.data : defaultBookingRules;
}

export async function saveBookingRules({ db, rules }: { db: Kysely<DB>; rules: BookingRules }): Promise<void> {
  await setSetting({ db, key: BOOKING_RULES_SETTING, value: BookingRulesSchema.parse(rules) });
}
