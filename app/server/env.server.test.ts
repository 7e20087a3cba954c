import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "#app/server/env.server.ts";

/** Parses and returns the EnvError it must throw. */
function envError(source: Record<string, string | undefined>): EnvError {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return error as EnvError;
  }
  throw new Error(`parseEnv accepted ${JSON.stringify(source)}`);
}

describe("parseEnv defaults", () => {
  it("runs with nothing set", () => {
    const config = parseEnv({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe("0.0.0.0");
    expect(config.dataDir).toBe("./data");
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.isHttps).toBe(false);
    expect(config.isProduction).toBe(true);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.env.LOG_LEVEL).toBe("info");
    expect(config.env.PAGE_CACHE_SECONDS).toBe(300);
    expect(config.env.SHUTDOWN_TIMEOUT_SECONDS).toBe(10);
    expect(config.env.ENABLE_CRASH_ROUTE).toBe(false);
    expect(config.env.STORAGE).toBe("local");
    expect([config.env.SIGNUP_RATE_LIMIT, config.env.SIGNUP_RATE_WINDOW_SECONDS]).toEqual([10, 3600]);
    expect(config.env.BACKUP_DIR).toBeUndefined();
    expect(config.env.BACKUP_KEEP).toBe(7);
  });

  it("reads the daily backup's folder and how many to keep", () => {
    const config = parseEnv({ BACKUP_DIR: "/var/backups/site", BACKUP_KEEP: "14" });
    expect(config.env.BACKUP_DIR).toBe("/var/backups/site");
    expect(config.env.BACKUP_KEEP).toBe(14);
  });

  it("derives the default public URL from PORT", () => {
    expect(parseEnv({ PORT: "8080" }).publicUrl).toBe("http://localhost:8080");
  });

  it("ignores variables it does not know", () => {
    expect(parseEnv({ PATH: "/usr/bin", HOME: "/root" }).port).toBe(3000);
  });
});

describe("parseEnv values", () => {
  it("strips trailing slashes from PUBLIC_URL", () => {
    expect(parseEnv({ PUBLIC_URL: "https://www.example.com/" }).publicUrl).toBe("https://www.example.com");
    expect(parseEnv({ PUBLIC_URL: "https://www.example.com//" }).publicUrl).toBe("https://www.example.com");
    expect(parseEnv({ PUBLIC_URL: "http://example.test:8080" }).publicUrl).toBe("http://example.test:8080");
  });

  it("is https only when PUBLIC_URL is", () => {
    expect(parseEnv({ PUBLIC_URL: "https://www.example.com" }).isHttps).toBe(true);
    expect(parseEnv({ PUBLIC_URL: "http://www.example.com" }).isHttps).toBe(false);
    expect(parseEnv({}).isHttps).toBe(false);
  });

  it("reads numbers, booleans and enums", () => {
    const config = parseEnv({
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: "/var/lib/site",
      NODE_ENV: "development",
      LOG_LEVEL: "debug",
      PAGE_CACHE_SECONDS: "0",
      SHUTDOWN_TIMEOUT_SECONDS: "2.5",
      ENABLE_CRASH_ROUTE: "true",
      DATABASE_URL: "postgres://user:pw@db:5432/site",
    });
    expect(config.port).toBe(0);
    expect(config.host).toBe("127.0.0.1");
    expect(config.dataDir).toBe("/var/lib/site");
    expect(config.isProduction).toBe(false);
    expect(config.env.LOG_LEVEL).toBe("debug");
    expect(config.env.PAGE_CACHE_SECONDS).toBe(0);
    expect(config.env.SHUTDOWN_TIMEOUT_SECONDS).toBe(2.5);
    expect(config.env.ENABLE_CRASH_ROUTE).toBe(true);
    expect(config.databaseUrl).toBe("postgres://user:pw@db:5432/site");
  });

  it.each([
    ["true", true],
    ["1", true],
    ["yes", true],
    ["false", false],
    ["0", false],
    ["no", false],
  ])("ENABLE_CRASH_ROUTE=%s → %s", (value, expected) => {
    expect(parseEnv({ ENABLE_CRASH_ROUTE: value }).env.ENABLE_CRASH_ROUTE).toBe(expected);
  });

  it("accepts a complete, valid production configuration", () => {
    const config = parseEnv({
      PUBLIC_URL: "https://www.example.com",
      DATABASE_URL: "postgresql://site@db/site",
      SMTP_URL: "smtps://user:pw@smtp.example.com:465",
      LEADS_TO: "office@example.com",
      SESSION_SECRET: "x".repeat(32),
      STORAGE: "s3",
      S3_BUCKET: "photos",
      GOOGLE_CLIENT_ID: "id",
      GOOGLE_CLIENT_SECRET: "secret",
    });
    expect(config.env.S3_BUCKET).toBe("photos");
    expect(config.env.LEADS_TO).toBe("office@example.com");
  });

  it("treats empty strings as unset", () => {
    const config = parseEnv({
      PORT: "",
      PUBLIC_URL: "",
      DATA_DIR: "",
      DATABASE_URL: "",
      SMTP_URL: "",
      LEADS_TO: "",
      SESSION_SECRET: "",
      S3_BUCKET: "",
      GOOGLE_CLIENT_ID: "",
      GOOGLE_CLIENT_SECRET: "",
      LOG_LEVEL: "",
      ENABLE_CRASH_ROUTE: "",
    });
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.dataDir).toBe("./data");
    expect(config.databaseUrl).toBeUndefined();
    expect(config.env.SMTP_URL).toBeUndefined();
    expect(config.env.SESSION_SECRET).toBeUndefined();
    expect(config.env.LOG_LEVEL).toBe("info");
    expect(config.env.ENABLE_CRASH_ROUTE).toBe(false);
  });

  it("an empty S3_BUCKET with STORAGE=s3 is still missing", () => {
    expect(envError({ STORAGE: "s3", S3_BUCKET: "" }).issues.map((i) => i.variable)).toEqual(["S3_BUCKET"]);
  });
});

describe("SMTP_TIMEOUT_SECONDS, MAIL_LEASE_SECONDS and DATABASE_POOL_MAX", () => {
  it("default to 30 s, a lease made from it, and 10 connections, and read whole numbers", () => {
    const { env } = parseEnv({});
    expect(env).toMatchObject({ SMTP_TIMEOUT_SECONDS: 30, DATABASE_POOL_MAX: 10 });
    expect(env.MAIL_LEASE_SECONDS).toBeUndefined();
    expect(parseEnv({ MAIL_LEASE_SECONDS: "300", DATABASE_POOL_MAX: "25" }).env).toMatchObject({
      MAIL_LEASE_SECONDS: 300,
      DATABASE_POOL_MAX: 25,
    });
  });

  it.each([
    ["MAIL_LEASE_SECONDS", "89", /at least 90: the longest send \(twice SMTP_TIMEOUT_SECONDS\) plus 30 s/],
    ["SMTP_TIMEOUT_SECONDS", "0", /greater than or equal to 0.3|>=0.3/],
    ["MAIL_LEASE_SECONDS", "90.5", /whole number/],
    ["MAIL_LEASE_SECONDS", "two minutes", /whole number/],
    ["DATABASE_POOL_MAX", "0", /from 1 to 1000/],
    ["DATABASE_POOL_MAX", "2.5", /whole number/],
    ["DATABASE_POOL_MAX", "many", /whole number/],
  ])("%s=%s stops the start, naming the variable", (variable, value, message) => {
    const error = envError({ [variable]: value });
    expect(error.issues.map((i) => i.variable)).toEqual([variable]);
    expect(error.issues[0]?.message).toMatch(message);
  });
});

describe("SITE_TIMEZONE", () => {
  it("defaults to America/Chicago and takes any zone the runtime knows", () => {
    expect(parseEnv({}).env.SITE_TIMEZONE).toBe("America/Chicago");
    expect(parseEnv({ SITE_TIMEZONE: "America/Denver" }).env.SITE_TIMEZONE).toBe("America/Denver");
  });

  it("refuses an unknown zone with a sentence that says what to write", () => {
    expect(() => parseEnv({ SITE_TIMEZONE: "Central" })).toThrow(
      /SITE_TIMEZONE: is not a time zone this server knows; use an IANA name such as America\/Chicago/,
    );
  });
});

describe("parseEnv errors", () => {
  it.each([
    ["PORT", { PORT: "abc" }],
    ["PORT", { PORT: "70000" }],
    ["PORT", { PORT: "-1" }],
    ["PORT", { PORT: "80.5" }],
    ["PORT", { PORT: " " }],
    ["PUBLIC_URL", { PUBLIC_URL: "https://www.example.com/site" }],
    ["PUBLIC_URL", { PUBLIC_URL: "ftp://x" }],
    ["PUBLIC_URL", { PUBLIC_URL: "www.example.com" }],
    ["DATABASE_URL", { DATABASE_URL: "mysql://x" }],
    ["SMTP_URL", { SMTP_URL: "http://x" }],
    ["LEADS_TO", { LEADS_TO: "not-an-email" }],
    ["SESSION_SECRET", { SESSION_SECRET: "short" }],
    ["S3_BUCKET", { STORAGE: "s3" }],
    ["STORAGE", { STORAGE: "ftp" }],
    ["GOOGLE_CLIENT_SECRET", { GOOGLE_CLIENT_ID: "id" }],
    ["GOOGLE_CLIENT_ID", { GOOGLE_CLIENT_SECRET: "secret" }],
    ["LOG_LEVEL", { LOG_LEVEL: "verbose" }],
    ["SITE_TIMEZONE", { SITE_TIMEZONE: "Central Time" }],
    ["SITE_TIMEZONE", { SITE_TIMEZONE: "America/Houston" }],
    ["PAGE_CACHE_SECONDS", { PAGE_CACHE_SECONDS: "-5" }],
    ["ENABLE_CRASH_ROUTE", { ENABLE_CRASH_ROUTE: "maybe" }],
    ["NODE_ENV", { NODE_ENV: "staging" }],
    ["BACKUP_KEEP", { BACKUP_KEEP: "0" }],
    ["BACKUP_KEEP", { BACKUP_KEEP: "2.5" }],
    ["BACKUP_KEEP", { BACKUP_KEEP: "1000" }],
  ])("names %s for %j", (variable, source) => {
    const error = envError(source);
    expect(error.name).toBe("EnvError");
    expect(error.issues.map((i) => i.variable)).toEqual([variable]);
    expect(error.issues[0]?.message).toBeTruthy();
    expect(error.message).toContain(`${variable}:`);
    expect(error.message).toMatch(/^Invalid configuration:\n/);
  });

  it("says what a URL must look like", () => {
    expect(envError({ PUBLIC_URL: "ftp://x" }).message).toContain("PUBLIC_URL: must start with http:// or https://");
    expect(envError({ PUBLIC_URL: "www.example.com" }).message).toContain("PUBLIC_URL: must be a full URL");
    expect(envError({ GOOGLE_ISSUER: "accounts.google.com" }).issues).toEqual([
      { variable: "GOOGLE_ISSUER", message: "must be a full URL" },
    ]);
    expect(envError({ SMTP_URL: "http://x" }).message).toContain("SMTP_URL: must start with smtp:// or smtps://");
    expect(envError({ SESSION_SECRET: "short" }).message).toContain("SESSION_SECRET: must be at least 32 characters");
    expect(envError({ STORAGE: "s3" }).message).toContain("S3_BUCKET: is required when STORAGE=s3");
  });

  it("names a bad sign-up limit", () => {
    expect(envError({ SIGNUP_RATE_LIMIT: "0" }).issues.map((i) => i.variable)).toEqual(["SIGNUP_RATE_LIMIT"]);
    expect(envError({ SIGNUP_RATE_WINDOW_SECONDS: "soon" }).issues.map((i) => i.variable)).toEqual(["SIGNUP_RATE_WINDOW_SECONDS"]);
    expect(parseEnv({ SIGNUP_RATE_LIMIT: "3", SIGNUP_RATE_WINDOW_SECONDS: "60" }).env).toMatchObject({
      SIGNUP_RATE_LIMIT: 3,
      SIGNUP_RATE_WINDOW_SECONDS: 60,
    });
  });

  it("reports every bad variable at once", () => {
    const error = envError({ PORT: "abc", LEADS_TO: "nobody", SMTP_URL: "http://x" });
    expect(error.issues.map((i) => i.variable).toSorted()).toEqual(["LEADS_TO", "PORT", "SMTP_URL"]);
    for (const variable of ["PORT", "LEADS_TO", "SMTP_URL"]) expect(error.message).toContain(`  ${variable}: `);
  });
});

describe("the email lease follows SMTP_TIMEOUT_SECONDS", () => {
  it("a longer timeout raises the shortest lease allowed, so a send never outlives its lease", () => {
    expect(parseEnv({ SMTP_TIMEOUT_SECONDS: "60", MAIL_LEASE_SECONDS: "150" }).env.MAIL_LEASE_SECONDS).toBe(150);
    const error = envError({ SMTP_TIMEOUT_SECONDS: "60", MAIL_LEASE_SECONDS: "149" });
    expect(error.issues.map((i) => i.variable)).toEqual(["MAIL_LEASE_SECONDS"]);
    expect(error.issues[0]?.message).toMatch(/at least 150/);
  });
});
