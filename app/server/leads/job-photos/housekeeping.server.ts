/**
 * Removing lead photo files no row points at (ADR 025): written for a request the process did
 * not live to store, or whose deletion failed half-way. A crash between writing the files and
 * adding their rows leaves such files; housekeeping removes them after a grace period.
 */
import { readdir, rm, rmdir, stat } from "node:fs/promises";
import path from "node:path";
import type { Kysely } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";
import type { Logger } from "#app/server/logger.server.ts";
import { startHousekeeping, type Housekeeping } from "#app/server/housekeeping.server.ts";
import type { BlobStore } from "#app/server/storage/blob-store.server.ts";
import { existingLeadPhotoIds } from "#app/server/repos/lead-photos.server.ts";
import { LEAD_PHOTO_PREFIX, ORPHAN_GRACE_MS } from "#app/server/leads/job-photos/rules.server.ts";
import { PHOTO_ID, leadPhotoKeys } from "#app/server/leads/job-photos/files.server.ts";

/**
 * Removes files under `lead-photos/` that no row points at and that are older than
 * `olderThanMs`: written for a request the process did not live to store (or whose deletion
 * failed half-way). Younger ones may belong to a request being stored right now.
 */
export async function removeOrphanLeadPhotos({
  db,
  blobStore,
  dataDir,
  olderThanMs = ORPHAN_GRACE_MS,
  now = Date.now(),
}: {
  db: Kysely<DB>;
  blobStore: BlobStore;
  /** With the local store: also the half-written files a put killed mid-way left (never listed as keys). */
  dataDir?: string;
  olderThanMs?: number;
  now?: number;
}): Promise<number> {
  if (dataDir && blobStore.kind === "local")
    await removeStaleLocalTempFiles(path.resolve(dataDir, "media", LEAD_PHOTO_PREFIX), olderThanMs, now);
  // Key → its photo id; the first key of each id is enough to judge its age.
  const firstKey = new Map<string, string>();
  for await (const key of blobStore.list(LEAD_PHOTO_PREFIX)) {
    const id = key.slice(LEAD_PHOTO_PREFIX.length).split("/")[0] ?? "";
    if (PHOTO_ID.test(id) && !firstKey.has(id)) firstKey.set(id, key);
  }
  let removed = 0;
  const ids = [...firstKey.keys()];
  for (let i = 0; i < ids.length; i += 200) {
    const batch = ids.slice(i, i + 200);
    const known = await existingLeadPhotoIds({ db, ids: batch });
    for (const id of batch) {
      if (known.has(id)) continue;
      const info = await blobStore.head(firstKey.get(id)!);
      const written = info?.lastModified?.getTime() ?? 0;
      if (info && now - written <= olderThanMs) continue;
      await blobStore.deletePrefix(leadPhotoKeys(id).prefix);
      removed++;
    }
  }
  return removed;
}

/**
 * The local store writes each file beside its target under a hidden temporary name and renames
 * it when complete: a process killed in between leaves that file, which no key lists. Removes
 * those older than the grace period, and the photo folders that are then empty.
 */
async function removeStaleLocalTempFiles(root: string, olderThanMs: number, now: number): Promise<void> {
  let folders: string[];
  try {
    folders = await readdir(root);
  } catch {
    return;
  }
  for (const folder of folders) {
    if (!PHOTO_ID.test(folder)) continue;
    const dir = path.join(root, folder);
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      continue;
    }
    let left = names.length;
    for (const name of names) {
      if (!name.startsWith(".") || !name.endsWith(".tmp")) continue;
      try {
        if (now - (await stat(path.join(dir, name))).mtimeMs > olderThanMs) {
          await rm(path.join(dir, name), { force: true });
          left--;
        }
      } catch {
        // Gone already.
      }
    }
    if (left === 0) await rmdir(dir).catch(() => {});
  }
}

/** Runs `removeOrphanLeadPhotos` at start, then hourly. */
export function startLeadPhotoHousekeeping({
  db,
  blobStore,
  dataDir,
  logger,
  intervalMs,
}: {
  db: Kysely<DB>;
  blobStore: BlobStore;
  dataDir: string;
  logger: Logger;
  intervalMs?: number;
}): Housekeeping {
  return startHousekeeping({
    name: "lead photos",
    logger,
    intervalMs,
    task: async () => {
      const orphans = await removeOrphanLeadPhotos({ db, blobStore, dataDir });
      if (orphans > 0) logger.info("lead photo housekeeping", { orphans });
    },
  });
}
