import type { StyleGroup } from "#app/styles/groups.ts";
import { styleFileUrl } from "#app/styles/style-files.ts";

/**
 * The stylesheet's parts a page sends late (ADR 065), linked in the body right before the first
 * section that needs them. In Chromium what follows the link waits for the file, what comes
 * before it paints from the inline CSS: the first screen never waits. The route names the same
 * groups in its handle's `lateStyles`, so the root leaves them out of the inline CSS.
 */
export function LateStylesheet({ groups }: { groups: readonly StyleGroup[] }) {
  return groups.length > 0 ? <link rel="stylesheet" href={styleFileUrl(groups)} /> : null;
}
