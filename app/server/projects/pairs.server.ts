/** The before/after pairs a page shows: those whose two photos are both among the photos shown. docs/decisions/038-before-after-slider.md */
import type { ProjectPairRow } from "#app/server/repos/project-pairs.server.ts";

export function shownPairs<P>(
  pairRows: readonly ProjectPairRow[],
  byId: ReadonlyMap<string, P>,
): { id: string; before: P; after: P; caption: string; captionEs: string }[] {
  return pairRows.flatMap((pair) => {
    const before = byId.get(pair.before_photo_id);
    const after = byId.get(pair.after_photo_id);
    return before && after ? [{ id: pair.id, before, after, caption: pair.caption, captionEs: pair.caption_es }] : [];
  });
}
