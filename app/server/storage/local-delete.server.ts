/** Deleting from the local disk: a file with the folders it leaves empty, many, or a whole prefix. */
import { rmdir, unlink } from "node:fs/promises";
import path from "node:path";
import { assertKey, assertPrefix } from "#app/server/storage/blob-store.server.ts";
import { fileFor, isMissing, type LocalStoreContext } from "#app/server/storage/local-files.server.ts";
import { listFiles } from "#app/server/storage/local-list.server.ts";

/** How many files deleteMany/deletePrefix remove at once. */
const DELETE_CONCURRENCY = 16;

/** Removes empty folders from `dir` up to (not including) the root; stops at the first that is not empty. */
async function pruneEmptyParents({ root }: LocalStoreContext, dir: string): Promise<void> {
  let current = dir;
  while (current.startsWith(root + path.sep)) {
    try {
      await rmdir(current);
    } catch {
      return; // not empty (another object, or a put in progress), or already gone
    }
    current = path.dirname(current);
  }
}

export async function deleteFile(ctx: LocalStoreContext, key: string): Promise<void> {
  const file = fileFor(ctx, key);
  try {
    await unlink(file);
  } catch (error) {
    if (!isMissing(error)) throw error;
    return;
  }
  await pruneEmptyParents(ctx, path.dirname(file));
}

async function runLimited<T>(items: AsyncIterable<T> | Iterable<T>, limit: number, work: (item: T) => Promise<void>): Promise<number> {
  const running = new Set<Promise<void>>();
  let count = 0;
  let failure: { error: unknown } | null = null;
  for await (const item of items) {
    if (failure) break;
    const task = work(item).then(
      () => {
        count += 1;
      },
      (error: unknown) => {
        failure ??= { error };
      },
    );
    const tracked = task.finally(() => running.delete(tracked));
    running.add(tracked);
    if (running.size >= limit) await Promise.race(running);
  }
  await Promise.all(running);
  if (failure) throw (failure as { error: unknown }).error;
  return count;
}

export async function deleteFiles(ctx: LocalStoreContext, keys: Iterable<string>): Promise<void> {
  const all = [...keys];
  for (const key of all) assertKey(key);
  await runLimited(all, DELETE_CONCURRENCY, (key) => deleteFile(ctx, key));
}

export async function deletePrefixFiles(ctx: LocalStoreContext, prefix: string): Promise<number> {
  assertPrefix(prefix, { forDelete: true });
  return runLimited(listFiles(ctx, prefix), DELETE_CONCURRENCY, (key) => deleteFile(ctx, key));
}
