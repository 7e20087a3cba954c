/**
 * Operator CLI: `node server/cli.ts <command> [options]` (Node 24 runs this file directly by
 * stripping types, so it imports only `.ts` files with erasable syntax and no `.tsx`).
 *
 * Exit codes: 0 success, 1 the command failed, 2 usage error (unknown command or option).
 *
 * To add a command, add one entry to `commands` below (see `create-admin` for one with options).
 */
import { existsSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import type { ParseArgsOptionsConfig } from "node:util";
import { loadEnvFile } from "./env-file.ts";
import { PATIENT_BUSY_WAIT_MS, migrateToLatest, openDatabase } from "../app/server/db/index.server.ts";
import type { Database } from "../app/server/db/index.server.ts";
import { createOrPromoteAdmin, signOutEverywhere } from "../app/server/auth/accounts.server.ts";
import { EnvError, parseEnv } from "../app/server/env.server.ts";
import { createLogger } from "../app/server/logger.server.ts";
import { createPublicPages } from "../app/server/public-pages.server.ts";
import { createSite, type Site } from "../app/server/site/site.server.ts";
import { describeProfile } from "../app/content/profile.ts";
import { ProfileFormSchema, profileToFields, weekdayLabels, weekdays } from "../app/schemas/site.ts";
import { BackupError, createBackup } from "../app/server/backup/backup.server.ts";
import { restoreBackup } from "../app/server/backup/restore.server.ts";
import { createBlobStore } from "../app/server/storage/create-blob-store.server.ts";
import { parseFirebaseExportText, type ExportShape } from "../app/server/gallery/firebase-export.server.ts";
import { importFirebaseGallery } from "../app/server/gallery/import.server.ts";
import { createImageQueue } from "../app/server/images/queue.server.ts";
import { serviceSlugs } from "../app/content/types.ts";

const EXPORT_SHAPE_NAMES: Record<ExportShape, string> = {
  list: "a list of documents",
  console: "a map of documents by id",
  gcloud: "gcloud export documents",
};

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

export interface CliIO {
  out(line: string): void;
  err(line: string): void;
  env: NodeJS.ProcessEnv;
}

export interface CommandInput {
  /** Parsed options (`--email E` → `values.email === "E"`). */
  values: Record<string, string | boolean | Array<string | boolean> | undefined>;
  positionals: string[];
  io: CliIO;
}

export interface CliCommand {
  summary: string;
  /** One line, starting with the command name: `create-admin --email E --password P`. */
  usage: string;
  options?: ParseArgsOptionsConfig;
  allowPositionals?: boolean;
  /** Returns the exit code. A thrown error prints its message and exits 1. */
  run(input: CommandInput): Promise<number>;
}

/** Opens the database named by DATABASE_URL / DATA_DIR (default ./data), runs `fn`, closes it. */
export async function withDatabase<T>(io: CliIO, fn: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({
    databaseUrl: io.env.DATABASE_URL || undefined,
    dataDir: io.env.DATA_DIR || "./data",
    // Beside a running server nobody waits on a page: wait for its writes rather than give up.
    busyWaitMs: PATIENT_BUSY_WAIT_MS,
  });
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

/** `site set` flags and the /admin/site form fields they fill. */
const SITE_FLAGS: Record<string, string> = {
  name: "name",
  phone: "phone",
  "public-email": "public_email",
  "lead-inbox": "lead_inbox",
  city: "city",
  "service-cities": "service_cities",
  slogan: "slogan",
  years: "years_in_business",
};

export const commands: Record<string, CliCommand> = {
  migrate: {
    summary: "Apply pending database migrations (DATABASE_URL, or SQLite under DATA_DIR)",
    usage: "migrate",
    async run({ io }) {
      const { applied } = await withDatabase(io, (database) => migrateToLatest(database));
      if (applied.length === 0) {
        io.out("Database is up to date");
      } else {
        io.out(`Applied ${applied.length} migration${applied.length === 1 ? "" : "s"}:`);
        for (const name of applied) io.out(`  ${name}`);
      }
      return EXIT_OK;
    },
  },
  "create-admin": {
    summary: "Create an admin account, or make the account with this email an admin",
    usage: "create-admin --email E [--password P] [--name N]",
    options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } },
    async run({ values, io }) {
      const email = typeof values.email === "string" ? values.email.trim() : "";
      const password = typeof values.password === "string" ? values.password : null;
      const name = typeof values.name === "string" ? values.name : undefined;
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) {
        io.err("create-admin: --email must be an email address, like owner@example.com");
        io.err(`Usage: node server/cli.ts ${commands["create-admin"]!.usage}`);
        return EXIT_USAGE;
      }
      return withDatabase(io, async (database) => {
        await migrateToLatest(database);
        const result = await createOrPromoteAdmin({ db: database.db, dialect: database.dialect, email, password, name });
        if (!result.ok) {
          io.err(`create-admin: ${result.message}`);
          return EXIT_FAILURE;
        }
        if (result.created) {
          io.out(`Created admin account ${result.user.email}. Sign in at /login.`);
        } else {
          // A new password must not leave old sessions signed in with the old one.
          if (password !== null) await signOutEverywhere({ db: database.db, userId: result.user.id });
          io.out(
            `${result.user.email} is an admin now${password !== null ? "; its password was replaced and its sessions signed out" : ""}.`,
          );
        }
        return EXIT_OK;
      });
    },
  },
  site: {
    summary: "Show the business profile, or set it (the fields /setup/business and /admin/site set)",
    usage:
      'site show | site set [--name N] [--phone P] [--public-email E] [--lead-inbox E] [--city C] [--service-cities "Houston, Katy"] [--slogan S] [--years Y]',
    options: Object.fromEntries(Object.keys(SITE_FLAGS).map((flag) => [flag, { type: "string" }])) as ParseArgsOptionsConfig,
    allowPositionals: true,
    async run({ values, positionals, io }) {
      const [action, ...extra] = positionals;
      const usage = `Usage: node server/cli.ts ${commands.site!.usage}`;
      if ((action !== "show" && action !== "set") || extra.length > 0) {
        io.err(action ? `site: unknown action "${[action, ...extra].join(" ")}": use "site show" or "site set --name …"` : "site: say what to do: show or set");
        io.err(usage);
        return EXIT_USAGE;
      }
      const given = Object.keys(SITE_FLAGS).filter((flag) => typeof values[flag] === "string");
      if (action === "show" && given.length > 0) {
        io.err(`site show takes no options (got --${given[0]}); to change the profile use "site set".`);
        return EXIT_USAGE;
      }
      if (action === "set" && given.length === 0) {
        io.err("site set: give at least one field to change, like --name \"Bayou City Builders\".");
        io.err(usage);
        return EXIT_USAGE;
      }
      let leadsTo: string | undefined;
      try {
        leadsTo = parseEnv(io.env).env.LEADS_TO;
      } catch (error) {
        if (error instanceof EnvError) {
          io.err(`site: ${error.message}`);
          return EXIT_FAILURE;
        }
        throw error;
      }
      return withDatabase(io, async (database) => {
        await migrateToLatest(database);
        const logger = createLogger({ level: "error", write: (line) => io.err(line) });
        const site = createSite({
          config: { env: { LEADS_TO: leadsTo } as ReturnType<typeof parseEnv>["env"] },
          database,
          logger,
          // The profile commands never show a photo: a gallery that has none is all they need.
          gallery: { publishedPhoto: async () => null },
          // A save here bumps the database's counter: running servers drop their pages within a second.
          publicPages: createPublicPages({ database, logger }),
        });
        if (action === "show") {
          await printProfile(io, site, leadsTo, await site.profileSavedAt());
          return EXIT_OK;
        }
        // The flags over the current profile, checked by the same schema as the /admin/site form.
        const fields = profileToFields(await site.profile());
        for (const flag of given) fields[SITE_FLAGS[flag]!] = values[flag] as string;
        const parsed = ProfileFormSchema.safeParse(fields);
        if (!parsed.success) {
          const flagOf = Object.fromEntries(Object.entries(SITE_FLAGS).map(([flag, field]) => [field, flag]));
          io.err("site set: nothing was saved:");
          for (const issue of parsed.error.issues) {
            const field = String(issue.path[0] ?? "");
            io.err(`  ${flagOf[field] ? `--${flagOf[field]}` : field}: ${issue.message}`);
          }
          return EXIT_FAILURE;
        }
        const result = await site.saveProfile({ profile: parsed.data, by: null });
        if (!result.ok) {
          io.err(`site set: ${result.error}`);
          return EXIT_FAILURE;
        }
        io.out(`Saved the business profile (${given.map((flag) => `--${flag}`).join(", ")}).`);
        io.out("Running servers show it within about a second.");
        await printProfile(io, site, leadsTo, await site.profileSavedAt());
        return EXIT_OK;
      });
    },
  },
  backup: {
    summary: "Write a consistent snapshot (database, local photos, manifest) into a new folder in DIR, while the site runs",
    usage: "backup --to DIR",
    options: { to: { type: "string" } },
    async run({ values, io }) {
      const to = typeof values.to === "string" ? values.to.trim() : "";
      if (!to) {
        io.err("backup: say where to write it: --to DIR (a new timestamped folder is made inside DIR)");
        io.err(`Usage: node server/cli.ts ${commands.backup!.usage}`);
        return EXIT_USAGE;
      }
      const config = configFrom(io, "backup");
      if (!config) return EXIT_FAILURE;
      if (!config.databaseUrl && !existsSync(path.join(config.dataDir, "site.db"))) {
        io.err(`backup: there is no database at ${path.resolve(config.dataDir, "site.db")}: check DATA_DIR (or DATABASE_URL for PostgreSQL).`);
        return EXIT_FAILURE;
      }
      return withDatabase(io, async (database) => {
        try {
          const { folder, manifest } = await createBackup({
            source: {
              database,
              dataDir: config.dataDir,
              databaseUrl: config.databaseUrl,
              storage: config.env.STORAGE,
              s3Bucket: config.env.S3_BUCKET,
            },
            to,
            by: "cli",
          });
          const kind = manifest.database.kind === "sqlite" ? "SQLite snapshot" : `PostgreSQL dump of schema "${manifest.database.schema}" (${manifest.database.pgDump})`;
          io.out(`Backup written to ${folder}`);
          io.out(`  Database: ${kind}, migration ${manifest.migration ?? "none"}, taken ${manifest.createdAt}`);
          io.out(`  ${manifest.counts.leads} estimate requests, ${manifest.counts.photos} photos`);
          io.out(
            manifest.storage.included
              ? `  Photo files: ${manifest.counts.photoFiles} from ${path.join(config.dataDir, "media")}`
              : `  Photo files: not copied. ${manifest.storage.note}`,
          );
          if (manifest.missingPhotoFiles.length > 0) {
            io.out(`  Note: ${manifest.missingPhotoFiles.length} photo files were deleted while the backup ran (their photos were being deleted); see missingPhotoFiles in manifest.json.`);
          }
          io.out(`  Manifest: ${path.join(folder, "manifest.json")} (${manifest.files.length} file${manifest.files.length === 1 ? "" : "s"} with size and SHA-256)`);
          return EXIT_OK;
        } catch (error) {
          if (error instanceof BackupError) {
            io.err(`backup: ${error.message}`);
            return EXIT_FAILURE;
          }
          throw error;
        }
      });
    },
  },
  restore: {
    summary: "Restore one snapshot folder into an empty DATA_DIR (or an empty PostgreSQL schema), after checking every file",
    usage: "restore --from DIR",
    options: { from: { type: "string" } },
    async run({ values, io }) {
      const from = typeof values.from === "string" ? values.from.trim() : "";
      if (!from) {
        io.err("restore: say which snapshot: --from DIR (one backup-… folder)");
        io.err(`Usage: node server/cli.ts ${commands.restore!.usage}`);
        return EXIT_USAGE;
      }
      const config = configFrom(io, "restore");
      if (!config) return EXIT_FAILURE;
      try {
        const result = await restoreBackup({ from, dataDir: config.dataDir, databaseUrl: config.databaseUrl });
        const where = config.databaseUrl
          ? `PostgreSQL schema "${result.manifest.database.kind === "postgres" ? result.manifest.database.schema : ""}"`
          : `DATA_DIR ${path.resolve(config.dataDir)}`;
        io.out(`Restored ${path.basename(result.folder)} (taken ${result.manifest.createdAt}) into ${where}:`);
        io.out(`  ${result.leads} estimate requests, ${result.photos} photos, ${result.mediaFiles} photo files`);
        io.out(`  Checksums: all ${result.manifest.files.length} file${result.manifest.files.length === 1 ? "" : "s"} match the manifest`);
        if (result.integrity !== null) io.out(`  SQLite integrity check: ${result.integrity}`);
        if (!result.manifest.storage.included) io.out(`  Photo files: not in this backup. ${result.manifest.storage.note}`);
        io.out("Start the site (npm start) to use it; it applies any newer migrations itself.");
        return EXIT_OK;
      } catch (error) {
        if (error instanceof BackupError) {
          io.err(`restore: ${error.message}`);
          return EXIT_FAILURE;
        }
        throw error;
      }
    },
  },
  "import-firebase": {
    summary:
      "Bring the old Firebase gallery over as drafts: each image of an export of its images collection, once (ADR 035). Addresses on this machine or a private network are refused unless --allow-private-addresses (ADR 046)",
    usage: "import-firebase --export FILE [--files DIR] [--category SERVICE] [--dry-run] [--allow-private-addresses]",
    options: {
      export: { type: "string" },
      files: { type: "string" },
      category: { type: "string" },
      "dry-run": { type: "boolean" },
      // An export is a file from elsewhere: its addresses may point at this machine or its
      // network (ADR 046). Importing from your own LAN is legitimate, so the operator says so.
      "allow-private-addresses": { type: "boolean" },
    },
    async run({ values, io }) {
      const usage = `Usage: node server/cli.ts ${commands["import-firebase"]!.usage}`;
      const exportFile = typeof values.export === "string" ? values.export.trim() : "";
      if (!exportFile) {
        io.err("import-firebase: say which export to read: --export FILE (a JSON export of the images collection)");
        io.err(usage);
        return EXIT_USAGE;
      }
      let text: string;
      try {
        text = await readFile(exportFile, "utf8");
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        io.err(`import-firebase: cannot read ${path.resolve(exportFile)}${code === "ENOENT" ? ": there is no such file" : ` (${code ?? String(error)})`}.`);
        return EXIT_USAGE;
      }
      const parsed = parseFirebaseExportText(text);
      if (!parsed.ok) {
        io.err(`import-firebase: ${path.resolve(exportFile)}: ${parsed.error}`);
        return EXIT_USAGE;
      }
      const filesDir = typeof values.files === "string" && values.files.trim() ? path.resolve(values.files.trim()) : null;
      if (filesDir) {
        const isDir = await stat(filesDir).then((info) => info.isDirectory(), () => false);
        if (!isDir) {
          io.err(`import-firebase: --files ${filesDir} is not a folder: give the folder the bucket was downloaded to (gsutil -m cp -r gs://<bucket>/images DIR).`);
          return EXIT_USAGE;
        }
      }
      const category = typeof values.category === "string" ? values.category.trim() : "repair";
      if (!(serviceSlugs as readonly string[]).includes(category)) {
        io.err(`import-firebase: --category must be one of the services: ${serviceSlugs.join(", ")} (got "${category}").`);
        return EXIT_USAGE;
      }
      const dryRun = values["dry-run"] === true;
      const config = configFrom(io, "import-firebase");
      if (!config) return EXIT_FAILURE;

      return withDatabase(io, async (database) => {
        if (!dryRun) await migrateToLatest(database);
        const logger = createLogger({ level: "error", write: (line) => io.err(line) });
        const blobStore = await createBlobStore(config);
        const maxBytes = Math.floor(config.env.UPLOAD_MAX_MB * 1024 * 1024);
        const count = parsed.documents.length;
        io.out(
          `${dryRun ? "Dry run: addresses are checked with HEAD requests; nothing is downloaded or written. " : ""}${count} document${count === 1 ? "" : "s"} in ${path.basename(exportFile)} (${EXPORT_SHAPE_NAMES[parsed.shape]}), ` +
            `files ${filesDir ? `from ${filesDir}` : "fetched over HTTP(S)"}, ${dryRun ? "would be stored" : "stored"} ${blobStore.kind === "s3" ? `in S3 bucket ${config.env.S3_BUCKET}` : "on local disk"} as ${category} drafts.`,
        );
        const summary = await importFirebaseGallery({
          // This process's own image queue: the import's photos take their turns one by one (ADR 045).
          deps: {
            db: database.db,
            dialect: database.dialect,
            blobStore,
            logger,
            images: createImageQueue({ concurrency: config.env.IMAGE_CONCURRENCY, maxQueuedMegapixels: config.env.IMAGE_QUEUE_MAX_MEGAPIXELS }),
          },
          limits: { maxBytes, maxPixels: Math.floor(config.env.MAX_IMAGE_MEGAPIXELS * 1_000_000), dataDir: config.dataDir },
          documents: parsed.documents,
          filesDir,
          dryRun,
          category,
          report: (line) => io.out(line),
          outbound: { allowPrivate: values["allow-private-addresses"] === true },
        });
        io.out(
          dryRun
            ? `Dry run: would import ${summary.imported}, skip ${summary.skipped}; ${summary.failed} would fail (of ${summary.total}). Nothing was written.`
            : `Imported ${summary.imported}, skipped ${summary.skipped}, failed ${summary.failed} (of ${summary.total}).`,
        );
        if (!dryRun && summary.imported > 0) io.out("The new drafts wait at /admin/gallery: check each caption, add alt text and publish.");
        if (summary.failed > 0) io.out("Fix what the ✗ lines say and run the same command again: what was imported is skipped.");
        return summary.failed > 0 ? EXIT_FAILURE : EXIT_OK;
      });
    },
  },
  help: {
    summary: "List the commands",
    usage: "help",
    async run({ io }) {
      io.out(usageText());
      return EXIT_OK;
    },
  },
};

async function printProfile(io: CliIO, site: Site, leadsTo: string | undefined, savedAt: string | null): Promise<void> {
  const profile = describeProfile(await site.profile());
  const rows: [string, string][] = [
    ["Name", profile.name],
    ["Slogan", profile.slogan],
    ["Phone", profile.phone],
    ["Public email", profile.publicEmail],
    ["Lead inbox", leadsTo ? `${profile.leadInbox} (LEADS_TO wins: requests go to ${leadsTo})` : profile.leadInbox],
    ["Address", profile.streetAddress ?? `${profile.city}, ${profile.region}`],
    ["Service cities", profile.serviceCities.join(", ")],
    ["Service ZIPs", profile.serviceZips.join(" ")],
    [
      "Hours",
      weekdays.map((day) => `${weekdayLabels[day].short} ${profile.hours[day] ? `${profile.hours[day].open}–${profile.hours[day].close}` : "closed"}`).join(", "),
    ],
    ["Years in business", profile.yearsInBusiness === null ? "" : String(profile.yearsInBusiness)],
    ["Licences", profile.licences.map((licence) => `${licence.label} ${licence.number}`.trim()).join("; ")],
    ["Insurance", profile.insurance],
    ["Warranty", profile.warranty],
    ["Links", profile.profileLinks.map((link) => `${link.label}: ${link.href}`).join("; ")],
  ];
  io.out(savedAt ? `Business profile (last saved ${savedAt}):` : "Business profile (never saved: the site shows the placeholders):");
  const width = Math.max(...rows.map(([label]) => label.length)) + 1;
  for (const [label, value] of rows) io.out(`  ${`${label}:`.padEnd(width)} ${value || "—"}`);
}

/** The validated configuration, or null after printing what is wrong. */
function configFrom(io: CliIO, command: string): ReturnType<typeof parseEnv> | null {
  try {
    return parseEnv(io.env);
  } catch (error) {
    if (error instanceof EnvError) {
      io.err(`${command}: ${error.message}`);
      return null;
    }
    throw error;
  }
}

export function usageText(): string {
  const entries = Object.values(commands);
  const width = Math.max(...entries.map((command) => command.usage.length));
  return [
    "Usage: node server/cli.ts <command> [options]   (npm run cli -- <command> [options])",
    "",
    "Commands:",
    ...entries.map((command) => `  ${command.usage.padEnd(width)}  ${command.summary}`),
    "",
    "Environment: DATABASE_URL (postgres://… for PostgreSQL; unset for SQLite), DATA_DIR (default ./data)",
  ].join("\n");
}

const defaultIO: CliIO = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  env: process.env,
};

export async function main(argv: string[], io: CliIO = defaultIO): Promise<number> {
  const [name, ...rest] = argv;
  if (name === "--help" || name === "-h") return commands.help!.run({ values: {}, positionals: [], io });
  const command = name !== undefined && Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!name || !command) {
    io.err(name ? `Unknown command: ${name}\n` : "No command given.\n");
    io.err(usageText());
    return EXIT_USAGE;
  }

  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: rest,
      options: { ...command.options, help: { type: "boolean", short: "h" } },
      allowPositionals: command.allowPositionals ?? false,
      strict: true,
    });
  } catch (error) {
    io.err(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    io.err(`Usage: node server/cli.ts ${command.usage}`);
    return EXIT_USAGE;
  }
  if (parsed.values.help === true) {
    io.out(`Usage: node server/cli.ts ${command.usage}\n\n${command.summary}`);
    return EXIT_OK;
  }

  try {
    return await command.run({ values: parsed.values, positionals: parsed.positionals, io });
  } catch (error) {
    io.err(`${name} failed: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT_FAILURE;
  }
}

if (import.meta.main) {
  // Settings in ./.env apply here as they do to the server; the real environment wins.
  try {
    loadEnvFile();
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(EXIT_FAILURE);
  }
  process.exitCode = await main(process.argv.slice(2));
}
