/** Files of a snapshot: hashed, copied, fsynced, and renamed into place without replacing anything. */
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, rename, stat } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { BackupError } from "#app/server/backup/backup-error.server.ts";
import { isMissing, readDirEntries } from "#app/server/storage/local-files.server.ts";

/** Size and SHA-256 (hex) of a file. */
export async function hashFile(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest("hex") };
}

/** Copies `from` to `to` (fsynced), hashing on the way; null when `from` vanished first. */
export async function copyFileHashed(from: string, to: string): Promise<{ size: number; sha256: string } | null> {
  let input;
  try {
    input = createReadStream(from);
    await new Promise<void>((resolve, reject) => {
      input!.once("open", () => resolve());
      input!.once("error", reject);
    });
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
  await mkdir(path.dirname(to), { recursive: true });
  const hash = createHash("sha256");
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  // `flush`: the file is fsynced before it is closed, so a finished copy is on the disk.
  await pipeline(input, tap, createWriteStream(to, { flags: "wx", mode: 0o644, flush: true }));
  return { size, sha256: hash.digest("hex") };
}

/** Relative paths (with `/`) of the files under `dir`, skipping names that start with a dot. */
export async function* walk(dir: string, prefix: string): AsyncGenerator<string> {
  const entries = await readDirEntries(dir);
  for (const entry of entries.toSorted((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (entry.name.startsWith(".")) continue;
    if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), `${prefix}${entry.name}/`);
    else if (entry.isFile()) yield `${prefix}${entry.name}`;
  }
}

export async function renameIntoPlace(partial: string, target: string, baseName: string): Promise<{ folder: string; name: string }> {
  for (let attempt = 1; attempt <= 100; attempt++) {
    const name = attempt === 1 ? baseName : `${baseName}-${attempt}`;
    const folder = path.join(target, name);
    if (await exists(folder)) continue;
    try {
      // rename() onto an existing non-empty folder fails, so a snapshot is never replaced.
      await rename(partial, folder);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOTEMPTY" || code === "EEXIST") continue;
      throw error;
    }
    await syncDirectory(target);
    return { folder, name };
  }
  throw new BackupError(`Could not find a free name for the snapshot in ${target}.`);
}

export async function writeDurably(file: string, text: string): Promise<void> {
  const handle = await open(file, "wx", 0o644);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, "r").catch(() => null);
  if (!handle) return;
  try {
    await handle.sync();
  } catch {
    // Some file systems cannot sync a folder: best effort.
  } finally {
    await handle.close();
  }
}

export async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
