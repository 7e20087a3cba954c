/**
 * Where the contractor's calendar address and the state of its reads are kept: two settings,
 * shared by every instance (ADR 071). The address is a secret (whoever has it reads the
 * calendar): it is never logged nor shown, only its masked form.
 */
import type { Kysely } from "kysely";
import { z } from "zod";
import type { DB } from "#app/server/db/schema.server.ts";
import { getSetting, getSettingForUpdate } from "#app/server/repos/settings.server.ts";

/** `{ url }`: the calendar's private address. */
export const BUSY_FEED_SETTING = "booking.busy-feed";
/** The last read's outcome (`StoredReadState`). */
export const BUSY_FEED_STATE_SETTING = "booking.busy-feed.state";

const AddressSchema = z.object({ url: z.string().min(1) });

const ReadStateSchema = z.object({
  /** The last read, good or not. */
  checkedAt: z.string().nullable(),
  /** The last good read. */
  okAt: z.string().nullable(),
  /** Why the last read failed; null when it was good. */
  error: z.string().nullable(),
  /** The first of the failed reads since the last good one. */
  failingSince: z.string().nullable().default(null),
  /** Busy times stored by the last good read. */
  count: z.number().int().min(0),
});

export type StoredReadState = z.infer<typeof ReadStateSchema>;

export const noReadYet: StoredReadState = { checkedAt: null, okAt: null, error: null, failingSince: null, count: 0 };

export async function getFeedAddress(db: Kysely<DB>): Promise<string | null> {
  const stored = AddressSchema.safeParse(await getSetting({ db, key: BUSY_FEED_SETTING }));
  return stored.success ? stored.data.url : null;
}

/** The address, its setting locked until the transaction `trx` ends: how a read's outcome is stored only for the address read. */
export async function getFeedAddressForUpdate(trx: Kysely<DB>, dialect: "sqlite" | "postgres"): Promise<string | null> {
  const stored = AddressSchema.safeParse(await getSettingForUpdate({ db: trx, dialect, key: BUSY_FEED_SETTING }));
  return stored.success ? stored.data.url : null;
}

export async function getReadState(db: Kysely<DB>): Promise<StoredReadState> {
  const stored = ReadStateSchema.safeParse(await getSetting({ db, key: BUSY_FEED_STATE_SETTING }));
  return stored.success ? stored.data : noReadYet;
}

/** "https://calendar.google.com/…": enough to recognise the calendar, not enough to read it. */
export function maskAddress(address: string): string {
  try {
    const url = new URL(address);
    return `${url.protocol}//${url.host}/…`;
  } catch {
    return "…";
  }
}
