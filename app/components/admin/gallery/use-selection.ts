import { useState } from "react";

/** The address without what opens over the list (an edit view, a confirmation). */
function selectionKey(search: string): string {
  const params = new URLSearchParams(search);
  params.delete("edit");
  params.delete("delete");
  params.sort();
  return params.toString();
}

export interface GallerySelection {
  selected: ReadonlySet<string>;
  setSelected: (update: (current: ReadonlySet<string>) => ReadonlySet<string>) => void;
  toggle: (id: string, on: boolean) => void;
}

/**
 * The ticked photos of the admin gallery (ADR 041), kept in the browser.
 * The selection belongs to the list it was made on: another page or filter, or
 * the answer to a bulk action) starts with nothing selected; opening a photo or a confirmation does not.
 */
export function useGallerySelection(search: string): GallerySelection {
  const listKey = selectionKey(search);
  const [selection, setSelection] = useState<{ key: string; ids: ReadonlySet<string> }>({ key: "", ids: new Set() });
  const selected: ReadonlySet<string> = selection.key === listKey ? selection.ids : new Set();
  const setSelected = (update: (current: ReadonlySet<string>) => ReadonlySet<string>) =>
    setSelection((current) => ({ key: listKey, ids: update(current.key === listKey ? current.ids : new Set()) }));

  function toggle(id: string, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  return { selected, setSelected, toggle };
}
