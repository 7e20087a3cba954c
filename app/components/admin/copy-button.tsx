import { useSyncExternalStore } from "react";

/** Nothing to subscribe to: whether the clipboard exists does not change. */
const noSubscription = () => () => {};

/** Copies the address; shown only once JavaScript runs (without it the field is there to select and copy). */
export function CopyButton({
  targetId,
  label,
}: {
  targetId: string;
  /** The accessible name when "Copy" alone is not enough. */ label?: string;
}) {
  // False on the server and before hydration, so the page renders the same on both sides first.
  const ready = useSyncExternalStore(
    noSubscription,
    () => Boolean(navigator.clipboard),
    () => false,
  );
  if (!ready) return null;
  return (
    <button
      type="button"
      className="admin-button"
      aria-label={label}
      onClick={(event) => {
        const input = document.getElementById(targetId) as HTMLInputElement | null;
        if (!input) return;
        const button = event.currentTarget;
        void navigator.clipboard?.writeText(input.value).then(
          () => (button.textContent = "Copied"),
          () => input.select(),
        );
      }}
    >
      Copy
    </button>
  );
}
