/**
 * The sentences a bulk action's redirect shows. docs/decisions/041-gallery-admin-for-volume.md
 */

export const photosText = (k: number) => (k === 1 ? "1 photo" : `${k} photos`);

/**
 * The sentence a bulk action's redirect shows, from its codes (never free text in the address):
 * `n` changed, `k` a second count, `gone` already deleted; `name` the project's or service's name.
 */
export function bulkMessage(done: string, counts: { n: number; k: number; gone: number }, name: string | null): string | null {
  const { n, k, gone } = counts;
  const goneText = gone > 0 ? ` ${photosText(gone)} had already been deleted.` : "";
  switch (done) {
    case "bulk-published":
      return `Published ${photosText(n)}.${k > 0 ? ` ${photosText(k)} ${k === 1 ? "was" : "were"} already published.` : ""}${goneText}`;
    case "bulk-moved":
      return `Moved ${photosText(n)} to the project “${name ?? "…"}”.${k > 0 ? ` ${photosText(k)} ${k === 1 ? "was" : "were"} already in it.` : ""}${goneText}`;
    case "bulk-service":
      return `${photosText(n)} now ${n === 1 ? "shows" : "show"} ${name ?? "the chosen service"}.${goneText}`;
    case "bulk-unprojected":
      return `Took ${photosText(n)} out of ${n === 1 ? "its project" : "their projects"}; ${n === 1 ? "it stays" : "they stay"} in the gallery.${goneText}`;
    case "bulk-deleted":
      return `Deleted ${photosText(n)} and ${n === 1 ? "its" : "their"} files.${
        k > 0
          ? ` The storage did not remove the files of ${photosText(k)} just now: they are shown nowhere and are removed automatically later.`
          : ""
      }${goneText}`;
    default:
      return null;
  }
}
