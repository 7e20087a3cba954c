import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { migrateToLatest } from "#app/server/db/index.server.ts";
import { createLogger } from "#app/server/logger.server.ts";
import { createBlobStore } from "#app/server/storage/create-blob-store.server.ts";
import { parseFirebaseExportText, type ExportShape } from "#app/server/gallery/firebase-export.server.ts";
import { importFirebaseGallery } from "#app/server/gallery/import.server.ts";
import { createImageQueue } from "#app/server/images/queue.server.ts";
import { serviceSlugs } from "#app/schemas/content.ts";
import {
  EXIT_FAILURE,
  EXIT_OK,
  EXIT_USAGE,
  configFrom,
  textOption,
  usageError,
  withDatabase,
  type CliCommand,
} from "#server/cli/command.ts";

const EXPORT_SHAPE_NAMES: Record<ExportShape, string> = {
  list: "a list of documents",
  console: "a map of documents by id",
  gcloud: "gcloud export documents",
};

export const importFirebaseCommand: CliCommand = {
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
    const exportFile = textOption(values, "export");
    if (!exportFile) {
      return usageError(
        io,
        importFirebaseCommand,
        "import-firebase: say which export to read: --export FILE (a JSON export of the images collection)",
      );
    }
    let text: string;
    try {
      text = await readFile(exportFile, "utf8");
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      io.err(
        `import-firebase: cannot read ${path.resolve(exportFile)}${code === "ENOENT" ? ": there is no such file" : ` (${code ?? String(error)})`}.`,
      );
      return EXIT_USAGE;
    }
    const parsed = parseFirebaseExportText(text);
    if (!parsed.ok) {
      io.err(`import-firebase: ${path.resolve(exportFile)}: ${parsed.error}`);
      return EXIT_USAGE;
    }
    const filesDir = typeof values.files === "string" && values.files.trim() ? path.resolve(values.files.trim()) : null;
    if (filesDir) {
      const isDir = await stat(filesDir).then(
        (info) => info.isDirectory(),
        () => false,
      );
      if (!isDir) {
        io.err(
          `import-firebase: --files ${filesDir} is not a folder: give the folder the bucket was downloaded to (gsutil -m cp -r gs://<bucket>/images DIR).`,
        );
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
          images: createImageQueue({
            concurrency: config.env.IMAGE_CONCURRENCY,
            maxQueuedMegapixels: config.env.IMAGE_QUEUE_MAX_MEGAPIXELS,
          }),
        },
        limits: {
          maxBytes,
          maxPixels: Math.floor(config.env.MAX_IMAGE_MEGAPIXELS * 1_000_000),
          dataDir: config.dataDir,
        },
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
};
