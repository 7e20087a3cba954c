/**
 * "What the public pages show has changed": the one call every feature makes after a change
 * (gallery, business profile, texts, testimonials, photo choices), and the listeners that drop
 * what they keep: the rendered page cache, the site content cache. The scale-out work announces
 * the same call to every instance.
 */
import type { PublicPages } from "./context.server.ts";

export interface PublicPagesHub extends PublicPages {
  /** Runs `listener` on every invalidation; returns a function that stops it. */
  onInvalidate(listener: () => void): () => void;
}

export function createPublicPages(): PublicPagesHub {
  const listeners = new Set<() => void>();
  return {
    invalidate() {
      for (const listener of listeners) listener();
    },
    onInvalidate(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
