/** The local store's listing: keys in the byte order S3 lists in. */
import path from "node:path";
import { assertPrefix } from "#app/server/storage/blob-store.server.ts";
import { readDirEntries, type LocalStoreContext } from "#app/server/storage/local-files.server.ts";

/**
 * Keys under `dir` (a folder for `keyPrefix`) in ascending order. Entries are sorted as
 * "name/" for folders and "name" for files, so a depth-first walk yields exactly the
 * byte order S3 lists in, while holding only one folder's names per level.
 */
async function* walk(dir: string, keyPrefix: string): AsyncGenerator<string> {
  const entries = await readDirEntries(dir);
  const named = entries
    .filter((e) => !e.name.startsWith(".") && (e.isDirectory() || e.isFile()))
    .map((e) => ({ entry: e, sortKey: e.isDirectory() ? `${e.name}/` : e.name }))
    .toSorted((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0));
  for (const { entry, sortKey } of named) {
    if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), keyPrefix + sortKey);
    else yield keyPrefix + entry.name;
  }
}

export async function* listFiles({ root }: LocalStoreContext, prefix: string): AsyncGenerator<string> {
  assertPrefix(prefix);
  const slash = prefix.lastIndexOf("/");
  const folderKey = prefix.slice(0, slash + 1); // "" or "photos/12/"
  const folder = folderKey ? path.join(root, ...folderKey.slice(0, -1).split("/")) : root;
  for await (const key of walk(folder, folderKey)) {
    if (key.startsWith(prefix)) yield key;
  }
}
