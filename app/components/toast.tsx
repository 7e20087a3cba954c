import { useEffect } from "react";

export interface ToastMessage {
  kind: "success" | "error";
  text: string;
}

/**
 * A toast that screen readers announce: the live regions are always in the
 * page (polite for success, assertive for errors), so adding text to them is
 * read out. It closes by itself after a while, or with its button.
 * `onClose` should be stable (useCallback) so the timer is not restarted.
 */
export function Toast({ toast, onClose, durationMs = 6000 }: { toast: ToastMessage | null; onClose: () => void; durationMs?: number }) {
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(onClose, toast.kind === "error" ? durationMs * 2 : durationMs);
    return () => clearTimeout(timer);
  }, [toast, onClose, durationMs]);

  return (
    <div className="toast-region">
      <output aria-live="polite" aria-atomic="true">
        {toast?.kind === "success" ? <ToastBody toast={toast} onClose={onClose} /> : null}
      </output>
      <div role="alert" aria-live="assertive" aria-atomic="true">
        {toast?.kind === "error" ? <ToastBody toast={toast} onClose={onClose} /> : null}
      </div>
    </div>
  );
}

function ToastBody({ toast, onClose }: { toast: ToastMessage; onClose: () => void }) {
  return (
    <div className={`toast toast--${toast.kind}`} data-testid="toast">
      <p className="toast__text">{toast.text}</p>
      <button type="button" className="toast__close" onClick={onClose}>
        <span aria-hidden="true">×</span>
        <span className="visually-hidden">Dismiss message</span>
      </button>
    </div>
  );
}
