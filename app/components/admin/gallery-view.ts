/**
 * The admin gallery's address: which list (`show`, `project`, `service`, `spanish`, `page`) and what is open
 * on it (`edit`, `delete`). Shared by the page's links and the action, which goes back to the list
 * a form was on. docs/decisions/041-gallery-admin-for-volume.md
 */
const LIST_KEYS = ["show", "project", "service", "spanish", "page", "edit"] as const;

/** Only the list's own keys, each once (a form's `view` field, or the page's address). */
export function listViewParams(params: URLSearchParams): URLSearchParams {
  const kept = new URLSearchParams();
  for (const key of LIST_KEYS) {
    const value = params.get(key);
    if (value && /^[A-Za-z0-9-]{1,64}$/.test(value)) kept.set(key, value);
  }
  return kept;
}

/** `/admin/gallery?…` for a list, with some keys changed (null removes one). */
export function galleryHref(current: URLSearchParams, changes: Record<string, string | null> = {}, hash = ""): string {
  const params = listViewParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  const query = params.toString();
  return `/admin/gallery${query ? `?${query}` : ""}${hash}`;
}
