/**
 * The calendar feed's private address (ADR 033): a token made from the site secret and a random
 * id kept in the `calendar_feed` setting with the token's SHA-256, so the database alone cannot
 * give the address; a new one stops the old at once, on every instance.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { getSetting, setSetting, setSettingIfAbsent } from "#app/server/repos/settings.server.ts";
import type { VisitDeps } from "#app/server/visits/deps.server.ts";

const FEED_SETTING = "calendar_feed";

interface FeedSetting {
  /** A random id; the token is HMAC(secret, id), so the database alone cannot give the address. */
  id: string;
  /** SHA-256 of the token, what a request's token is checked against. */
  hash: string;
}

function feedToken(secret: string, id: string): string {
  return createHmac("sha256", secret).update(`calendar-feed:${id}`).digest("base64url");
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

function newFeedSetting(secret: string): FeedSetting {
  const id = randomBytes(16).toString("base64url");
  return { id, hash: sha256(feedToken(secret, id)) };
}

function isFeedSetting(value: unknown): value is FeedSetting {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as FeedSetting).id === "string" &&
    typeof (value as FeedSetting).hash === "string"
  );
}

function feedAddresses(publicUrl: string, token: string) {
  const https = `${publicUrl.replace(/\/+$/, "")}/calendar/${token}.ics`;
  return { https, webcal: https.replace(/^https?:/, "webcal:") };
}

async function regenerate(deps: Pick<VisitDeps, "database" | "secret">): Promise<FeedSetting> {
  const setting = newFeedSetting(deps.secret);
  await setSetting({ db: deps.database.db, key: FEED_SETTING, value: setting });
  return setting;
}

/** The feed's addresses (https:// and webcal://), made on first use. */
export async function getFeedAddresses(deps: Pick<VisitDeps, "config" | "database" | "secret">) {
  const stored = await setSettingIfAbsent({
    db: deps.database.db,
    key: FEED_SETTING,
    value: newFeedSetting(deps.secret),
  });
  const setting = isFeedSetting(stored) ? stored : await regenerate(deps);
  return feedAddresses(deps.config.publicUrl, feedToken(deps.secret, setting.id));
}

/** A new feed address; the old one stops at once. */
export async function regenerateFeedAddress(
  deps: Pick<VisitDeps, "config" | "database" | "secret" | "logger">,
  { adminId }: { adminId: string },
) {
  const setting = await regenerate(deps);
  deps.logger.info("calendar feed address replaced", { adminId });
  return feedAddresses(deps.config.publicUrl, feedToken(deps.secret, setting.id));
}

/** Whether `token` is the feed's current one (constant time). */
export async function isFeedToken(deps: Pick<VisitDeps, "database">, token: string): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return false;
  const stored = await getSetting({ db: deps.database.db, key: FEED_SETTING });
  if (!isFeedSetting(stored)) return false;
  const given = Buffer.from(sha256(token), "hex");
  const expected = Buffer.from(stored.hash, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
