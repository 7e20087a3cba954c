/**
 * The code that confirms an old link (ADR 069): 6 digits emailed through the outbox to the link's
 * own address, valid 15 minutes, 5 tries, kept only as an HMAC. Asking is rate limited per link
 * and per client address, in the database every instance shares (like the other sends).
 */
import { createHmac, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import type { Locale } from "#app/i18n/locale.ts";
import { limitBucket } from "#app/server/limits.server.ts";
import type { HomeownerDeps } from "#app/server/homeowner/deps.server.ts";
import { findHomeownerLink } from "#app/server/homeowner/link.server.ts";
import {
  CODE_DIGITS,
  CODE_LIFE_MS,
  CODE_TRIES,
  CODE_WINDOW_MS,
  CODES_PER_IP,
  CODES_PER_LINK,
  maskEmail,
} from "#app/server/homeowner/rules.server.ts";
import { homeownerCodeMail } from "#app/server/mail/homeowner-code-message.server.ts";
import { siteSender } from "#app/server/mail/message-parts.server.ts";
import { createEmailJob } from "#app/server/repos/email-jobs.server.ts";
import {
  clearHomeownerCode,
  takeHomeownerCodeTry,
  updateHomeownerLinkCode,
  type HomeownerLink,
} from "#app/server/repos/homeowner-links.server.ts";
import { takeRateLimitHits } from "#app/server/repos/rate-limits.server.ts";

/** A code is given up on after this long in the outbox: it is dead after 15 minutes anyway. */
const GIVE_UP_MS = 30 * 60 * 1000;

function codeHash(secret: string, linkId: string, code: string): string {
  return createHmac("sha256", secret).update(`homeowner-code:${linkId}:${code}`).digest("hex");
}

export type SendCodeResult =
  { outcome: "not-found" } | { outcome: "limited"; retryAfterSeconds: number } | { outcome: "sent"; maskedEmail: string };

/** Emails a new code for the link of `token` (any earlier code stops working). */
export async function sendHomeownerCode(
  deps: Pick<HomeownerDeps, "config" | "database" | "logger" | "secret" | "outbox" | "site" | "clock">,
  { token, locale, clientIp }: { token: string | undefined; locale: Locale; clientIp: string },
): Promise<SendCodeResult> {
  const { config, database, logger, secret, outbox, site, clock } = deps;
  const link = await findHomeownerLink(deps, token);
  if (!link) return { outcome: "not-found" };
  const now = clock.now();
  const take = await takeRateLimitHits({
    db: database.db,
    dialect: database.dialect,
    rules: [
      { bucket: limitBucket(secret, "homeowner-code-link", link.id), limit: CODES_PER_LINK, windowMs: CODE_WINDOW_MS },
      { bucket: limitBucket(secret, "homeowner-code-ip", clientIp || "unknown"), limit: CODES_PER_IP, windowMs: CODE_WINDOW_MS },
    ],
    now,
  });
  if (!take.allowed) return { outcome: "limited", retryAfterSeconds: take.retryAfterSeconds };

  const code = String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, "0");
  const { profile } = await site.content();
  const payload = homeownerCodeMail({
    to: link.email,
    from: siteSender(config, profile.name),
    code,
    profile,
    siteUrl: config.publicUrl,
    locale,
  });
  const jobId = randomUUID();
  await database.db.transaction().execute(async (trx) => {
    await updateHomeownerLinkCode({
      db: trx,
      id: link.id,
      codeSha256: codeHash(secret, link.id, code),
      expiresAt: new Date(now.getTime() + CODE_LIFE_MS),
    });
    await createEmailJob({ db: trx, id: jobId, kind: "homeowner-code", recipient: link.email, payload, giveUpAfterMs: GIVE_UP_MS, now });
  });
  logger.info("homeowner code queued", { linkId: link.id, jobId });
  outbox.kick();
  return { outcome: "sent", maskedEmail: maskEmail(link.email) };
}

export type CheckCodeResult =
  | { outcome: "not-found" }
  | { outcome: "invalid" }
  | { outcome: "wrong"; triesLeft: number }
  | { outcome: "locked" }
  | { outcome: "confirmed"; link: HomeownerLink };

/** Checks a typed code: the right one confirms the browser (the caller sets the cookie) and is used up. */
export async function checkHomeownerCode(
  deps: Pick<HomeownerDeps, "database" | "logger" | "secret" | "clock">,
  { token, code }: { token: string | undefined; code: string | undefined },
): Promise<CheckCodeResult> {
  const link = await findHomeownerLink(deps, token);
  if (!link) return { outcome: "not-found" };
  const typed = (code ?? "").replace(/\s+/g, "");
  if (!new RegExp(`^\\d{${CODE_DIGITS}}$`).test(typed)) return { outcome: "invalid" };
  const taken = await takeHomeownerCodeTry({ db: deps.database.db, id: link.id, maxTries: CODE_TRIES, now: deps.clock.now() });
  if (!taken) return { outcome: "locked" };
  const given = Buffer.from(codeHash(deps.secret, link.id, typed), "hex");
  const expected = Buffer.from(taken.codeSha256, "hex");
  if (given.length === expected.length && timingSafeEqual(given, expected)) {
    await clearHomeownerCode({ db: deps.database.db, id: link.id });
    deps.logger.info("homeowner code confirmed", { linkId: link.id });
    return { outcome: "confirmed", link };
  }
  const triesLeft = CODE_TRIES - taken.tries;
  deps.logger.info("homeowner code refused", { linkId: link.id, triesLeft });
  return triesLeft > 0 ? { outcome: "wrong", triesLeft } : { outcome: "locked" };
}
