import { useEffect, useRef } from "react";

/**
 * When an item of a list is gone (a photo taken out, a pair removed), its forms went with it, and
 * with them the focus: it goes to the list's heading instead of the top of the page.
 */
export function useFocusWhenGone(ids: readonly string[], headingId: string): void {
  const key = ids.join(" ");
  const previous = useRef(key);
  useEffect(() => {
    const before = previous.current;
    previous.current = key;
    const now = new Set(key.split(" "));
    const gone = before !== "" && before.split(" ").some((id) => !now.has(id));
    if (!gone) return;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    document.getElementById(headingId)?.focus();
  }, [key, headingId]);
}
