/** The complete snapshots in a backup folder: listed oldest first, and pruned to the newest few. */
import type { Dirent } from "node:fs";
import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { exists } from "#app/server/backup/files.server.ts";
import { MANIFEST_FILE, PARTIAL_PREFIX, SNAPSHOT_NAME } from "#app/server/backup/manifest.server.ts";

/**
 * Keeps the newest `keep` complete snapshots in `dir` and deletes the older ones; also removes
 * `.partial-…` folders a crashed backup left more than a day ago. Touches nothing else.
 */
export async function pruneBackups({ dir, keep, now = new Date() }: { dir: string; keep: number; now?: Date }): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const complete: string[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory()) continue;
    const full = path.join(dir, entry.name);
    if (SNAPSHOT_NAME.test(entry.name)) {
      if (await exists(path.join(full, MANIFEST_FILE))) complete.push(entry.name);
    } else if (entry.name.startsWith(PARTIAL_PREFIX)) {
      const info = await stat(full);
      if (now.getTime() - info.mtimeMs > 24 * 3600 * 1000) await rm(full, { recursive: true, force: true });
    }
  }
  // Names sort in time order (and `-2` after its second).
  const removed = complete.toSorted(compareSnapshotNames).slice(0, Math.max(0, complete.length - keep));
  for (const name of removed) await rm(path.join(dir, name), { recursive: true, force: true });
  return removed;
}

/** Complete snapshots in `dir`, oldest first. */
export async function listSnapshots(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => [] as Dirent[]);
  const names: string[] = [];
  for (const entry of entries) {
    if (entry.isDirectory() && SNAPSHOT_NAME.test(entry.name) && (await exists(path.join(dir, entry.name, MANIFEST_FILE)))) {
      names.push(entry.name);
    }
  }
  return names.toSorted(compareSnapshotNames);
}

function compareSnapshotNames(a: string, b: string): number {
  const [baseA, suffixA = "1"] = a.split(/-(?=\d+$)/);
  const [baseB, suffixB = "1"] = b.split(/-(?=\d+$)/);
  if (baseA !== baseB) return baseA! < baseB! ? -1 : 1;
  return Number(suffixA) - Number(suffixB);
}
