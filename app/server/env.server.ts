import { availableParallelism } from "node:os";
import { z } from "zod";
import { isKnownTimeZone } from "#app/server/time.server.ts";
import { DEFAULT_MAIL_TIMEOUT_SECONDS, mailSendLimits } from "#app/server/mail/send-limits.server.ts";

/**
 * Every setting the server reads, validated once at start-up.
 * A bad value stops the process with a message naming the variable.
 */
const booleanString = z.enum(["true", "false", "1", "0", "yes", "no"]).transform((v) => v === "true" || v === "1" || v === "yes");

/** A number of hours from `min` to 30 days, `fallback` when unset. */
const hoursUpToAMonth = (min: number, fallback: number) =>
  z.coerce
    .number()
    .min(min)
    .max(24 * 30)
    .default(fallback);

const urlString = (protocols: string[]) =>
  z
    .string()
    .url({ message: "must be a full URL" })
    // Zod runs this even when .url() failed: an unparsable value is reported once, by .url().
    .refine((v) => !URL.canParse(v) || protocols.includes(new URL(v).protocol), {
      message: `must start with ${protocols.map((p) => `${p}//`).join(" or ")}`,
    });

export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
    PORT: z
      .string()
      .regex(/^\d+$/, { message: "must be a whole number from 0 to 65535" })
      .transform(Number)
      .pipe(z.number().max(65535, { message: "must be a whole number from 0 to 65535" }))
      .default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    PUBLIC_URL: urlString(["http:", "https:"])
      .refine((v) => !URL.canParse(v) || /^\/*$/.test(new URL(v).pathname), {
        message: "must be an origin such as https://www.example.com, without a path (the site is served from the root)",
      })
      .optional(),
    DATA_DIR: z.string().min(1).default("./data"),
    /** Most PostgreSQL connections this process opens (SQLite has one). */
    DATABASE_POOL_MAX: z.coerce
      .number({ error: "must be a whole number from 1 to 1000" })
      .int({ error: "must be a whole number from 1 to 1000" })
      .min(1, { error: "must be a whole number from 1 to 1000" })
      .max(1000, { error: "must be a whole number from 1 to 1000" })
      .default(10),
    DATABASE_URL: z
      .string()
      .refine((v) => /^(postgres|postgresql):\/\//.test(v), {
        message: "must be a postgres://... URL (or unset for SQLite under DATA_DIR)",
      })
      .optional(),
    STORAGE: z.enum(["local", "s3"]).default("local"),
    S3_BUCKET: z.string().optional(),
    S3_ENDPOINT: urlString(["http:", "https:"]).optional(),
    S3_REGION: z.string().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: booleanString.optional(),
    PUBLIC_MEDIA_URL: urlString(["http:", "https:"]).optional(),
    /** Largest photo upload, in megabytes (MiB); larger gets 413. */
    UPLOAD_MAX_MB: z.coerce.number().min(1).max(1024).default(30),
    /** Largest photo accepted, in megapixels (width × height from its header); larger is refused before decoding. */
    MAX_IMAGE_MEGAPIXELS: z.coerce.number().min(1).max(1000).default(50),
    /**
     * Megabytes of free disk kept for the database, its WAL and the mail folder: a photo is not
     * written when it would leave less (the request is stored without it). 0 turns the reserve off.
     */
    DISK_RESERVE_MB: z.coerce
      .number({ error: "must be a number of megabytes from 0 to 1000000" })
      .min(0, { error: "must be a number of megabytes from 0 to 1000000" })
      .max(1_000_000, { error: "must be a number of megabytes from 0 to 1000000" })
      .default(256),
    /**
     * Photo conversions at once in this process (the image queue, ADR 045). By default a core is
     * left for pages, and at most 4: each conversion peaks at about 200 MB.
     */
    IMAGE_CONCURRENCY: z.coerce
      .number({ error: "must be a whole number from 1 to 64" })
      .int({ error: "must be a whole number from 1 to 64" })
      .min(1, { error: "must be a whole number from 1 to 64" })
      .max(64, { error: "must be a whole number from 1 to 64" })
      .default(() => Math.max(1, Math.min(4, availableParallelism() - 1))),
    /** Megapixels the image queue holds (waiting and in progress); a homeowner's photo past it is not kept. */
    IMAGE_QUEUE_MAX_MEGAPIXELS: z.coerce.number().min(1).max(100_000).default(600),
    /** Megapixels of photos one estimate request may have converted (from their headers); the rest are not kept. */
    ESTIMATE_PHOTOS_MAX_MEGAPIXELS: z.coerce.number().min(1).max(100_000).default(144),
    /** Hours an uploaded photo may stay unpublished before it is removed with its files. */
    DRAFT_MAX_AGE_HOURS: hoursUpToAMonth(0.01, 24),
    SMTP_URL: urlString(["smtp:", "smtps:"]).optional(),
    MAIL_FROM: z.string().min(3).optional(),
    LEADS_TO: z.string().email({ message: "must be an email address" }).optional(),
    /** Which way mail leaves: by default SMTP when SMTP_URL is set, else EmailJS when configured, else files. */
    MAIL_TRANSPORT: z.enum(["smtp", "file", "emailjs"]).optional(),
    EMAILJS_SERVICE_ID: z.string().optional(),
    EMAILJS_NOTIFICATION_TEMPLATE_ID: z.string().optional(),
    EMAILJS_CONFIRMATION_TEMPLATE_ID: z.string().optional(),
    EMAILJS_PUBLIC_KEY: z.string().optional(),
    EMAILJS_PRIVATE_KEY: z.string().optional(),
    EMAILJS_API_URL: urlString(["http:", "https:"]).default("https://api.emailjs.com/api/v1.0/email/send"),
    /** First retry delay of a failed email; doubles each attempt (with jitter) up to MAIL_RETRY_MAX_SECONDS. */
    MAIL_RETRY_BASE_SECONDS: z.coerce.number().min(0.01).max(3600).default(10),
    MAIL_RETRY_MAX_SECONDS: z.coerce.number().min(0.01).max(86_400).default(900),
    /** A job still failing this long after it was queued is marked failed. */
    MAIL_GIVE_UP_HOURS: hoursUpToAMonth(0.001, 24),
    /**
     * How long the mail server may stay silent in a send (an EmailJS request likewise). Connecting
     * and its greeting get a third each, the whole send twice; the outbox cuts a send off there,
     * and an email being sent is reserved that long plus 30 s (mail/send-limits.server.ts).
     */
    SMTP_TIMEOUT_SECONDS: z.coerce.number().min(0.3).max(600).default(DEFAULT_MAIL_TIMEOUT_SECONDS),
    /**
     * How long a claimed email is reserved for the worker sending it. Unset: the longest send plus
     * 30 s (90 s by default). Shorter is refused: a live send could be taken over and sent twice.
     */
    MAIL_LEASE_SECONDS: z.coerce
      .number({ error: "must be a whole number of seconds up to 86400" })
      .int({ error: "must be a whole number of seconds up to 86400" })
      .min(1, { error: "must be a whole number of seconds up to 86400" })
      .max(86_400, { error: "must be a whole number of seconds up to 86400" })
      .optional(),
    /** How often the outbox looks for due jobs when it was not woken. */
    MAIL_POLL_SECONDS: z.coerce.number().min(0.05).max(3600).default(5),
    /** Fewest seconds between showing the estimate form and sending it; faster is treated as a bot. */
    FORM_MIN_SECONDS: z.coerce.number().min(0).max(3600).default(3),
    /** Estimate requests one IP address may send per window. */
    LEAD_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(5),
    LEAD_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
    /** Failed sign-ins allowed per account (from browsers without its device cookie), per device cookie and per client address in SIGN_IN_WINDOW_SECONDS; then 429. */
    SIGN_IN_FAILURE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
    SIGN_IN_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
    /** Sign-ups (accounts made, or emails found taken) one client address may try per window; then 429. */
    SIGNUP_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
    SIGNUP_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
    /** Confirmation emails one address may receive per 24 hours. */
    CONFIRMATIONS_PER_ADDRESS_PER_DAY: z.coerce.number().int().min(0).max(1000).default(3),
    /** Number of reverse proxies in front of the app whose X-Forwarded-For is trusted (0 = none). */
    TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
    SESSION_SECRET: z.string().min(32, { message: "must be at least 32 characters" }).optional(),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    GOOGLE_ISSUER: urlString(["http:", "https:"]).optional(),
    LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
    /** Seconds a rendered public page is served from memory. 0 turns the page cache off. */
    PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
    /** Seconds to wait for open requests on SIGTERM before exiting anyway. */
    SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(0).max(600).default(10),
    /**
     * Seconds, on SIGTERM, of still taking requests (each answered with "Connection: close")
     * before the listener closes; part of the timeout above. Kept-alive connections are then left
     * for the proxy to close (server/shutdown.ts).
     */
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(60).default(1),
    /** Folder for the daily backup (docs/decisions/022-backups.md); unset = no daily backup. */
    BACKUP_DIR: z.string().min(1).optional(),
    /** How many daily snapshots in BACKUP_DIR to keep (the newest). */
    BACKUP_KEEP: z
      .string()
      .regex(/^\d+$/, { message: "must be a whole number from 1 to 365" })
      .transform(Number)
      .pipe(
        z
          .number()
          .min(1, { message: "must be a whole number from 1 to 365" })
          .max(365, { message: "must be a whole number from 1 to 365" }),
      )
      .default(7),
    /**
     * The site's one time zone (an IANA name, e.g. America/Chicago): every time the site shows or
     * mails, the visit form's wall clocks and calendars, the CSV's offsets, the daily backup's day
     * (the host builds the site clock from it; ADR 050).
     */
    SITE_TIMEZONE: z
      .string()
      .refine(isKnownTimeZone, {
        message: "is not a time zone this server knows; use an IANA name such as America/Chicago (a zone name, not an abbreviation)",
      })
      .default("America/Chicago"),
    /**
     * Accept Web Push subscriptions whose endpoint is on a loopback or private host. For the tests'
     * local push service only: a subscription's endpoint is where the server sends requests.
     */
    PUSH_ALLOW_LOCAL: booleanString.default(false),
    /**
     * Read the contractor's own calendar (the booking page's busy times) from a loopback or private
     * host. For the tests' local calendar server only: the address is fetched by the server.
     */
    BUSY_FEED_ALLOW_LOCAL: booleanString.default(false),
    /** Adds /__crash, a route that throws, for testing the 500 page. Never in production use. */
    ENABLE_CRASH_ROUTE: booleanString.default(false),
  })
  .superRefine((env, ctx) => {
    if (env.STORAGE === "s3" && !env.S3_BUCKET) {
      ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "is required when STORAGE=s3" });
    }
    const usesEmailJs = env.MAIL_TRANSPORT === "emailjs" || (!env.MAIL_TRANSPORT && !env.SMTP_URL && env.EMAILJS_SERVICE_ID);
    if (usesEmailJs) {
      for (const name of ["EMAILJS_SERVICE_ID", "EMAILJS_NOTIFICATION_TEMPLATE_ID", "EMAILJS_PUBLIC_KEY"] as const) {
        if (!env[name]) ctx.addIssue({ code: "custom", path: [name], message: "is required for the EmailJS mail transport" });
      }
    }
    if (env.MAIL_TRANSPORT === "smtp" && !env.SMTP_URL) {
      ctx.addIssue({ code: "custom", path: ["SMTP_URL"], message: "is required when MAIL_TRANSPORT=smtp" });
    }
    const shortestLease = Math.ceil(mailSendLimits(env.SMTP_TIMEOUT_SECONDS).leaseMs / 1000);
    if (env.MAIL_LEASE_SECONDS !== undefined && env.MAIL_LEASE_SECONDS < shortestLease) {
      ctx.addIssue({
        code: "custom",
        path: ["MAIL_LEASE_SECONDS"],
        message: `must be at least ${shortestLease}: the longest send (twice SMTP_TIMEOUT_SECONDS) plus 30 s, or an email still being sent could be taken over and sent twice`,
      });
    }
    if (env.MAIL_RETRY_MAX_SECONDS < env.MAIL_RETRY_BASE_SECONDS) {
      ctx.addIssue({
        code: "custom",
        path: ["MAIL_RETRY_MAX_SECONDS"],
        message: "must not be less than MAIL_RETRY_BASE_SECONDS",
      });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: [env.GOOGLE_CLIENT_ID ? "GOOGLE_CLIENT_SECRET" : "GOOGLE_CLIENT_ID"],
        message: "GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together",
      });
    }
  });

export type Env = z.infer<typeof EnvSchema>;

type MailTransportName = "smtp" | "file" | "emailjs";

/** The transport in force: MAIL_TRANSPORT, else SMTP when SMTP_URL is set, else EmailJS when configured, else files. */
export function mailTransportName(env: Env): MailTransportName {
  if (env.MAIL_TRANSPORT) return env.MAIL_TRANSPORT;
  if (env.SMTP_URL) return "smtp";
  if (env.EMAILJS_SERVICE_ID) return "emailjs";
  return "file";
}

export interface Config {
  env: Env;
  port: number;
  host: string;
  /** Absolute origin the site is reached at, without a trailing slash. */
  publicUrl: string;
  isHttps: boolean;
  isProduction: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
}

export class EnvError extends Error {
  readonly issues: { variable: string; message: string }[];
  constructor(issues: { variable: string; message: string }[]) {
    super("Invalid configuration:\n" + issues.map((i) => `  ${i.variable}: ${i.message}`).join("\n"));
    this.name = "EnvError";
    this.issues = issues;
  }
}

/** Parses the environment. Throws EnvError naming each bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Config {
  // Treat empty strings as unset: `FOO=` in a shell or .env file means "no value".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? "environment"),
        message: issue.message,
      })),
    );
  }
  const env = result.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  return {
    env,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    isHttps: publicUrl.startsWith("https:"),
    isProduction: env.NODE_ENV === "production",
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
  };
}
