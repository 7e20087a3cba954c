/**
 * "What the public pages show has changed": the one call every feature makes after a change
 * (gallery, business profile, texts, testimonials, photo choices), and the listeners that drop
 * what they keep: the rendered page cache, the site content cache.
 *
 * Every instance hears every change (docs/decisions/021-one-cache-every-instance.md): a change
 * drops this process's copies at once, then bumps the `public_pages` counter in the database.
 * Every process reads that counter once a second and drops its copies when it moved, which also
 * catches a CLI in another process. On PostgreSQL the bump is also a NOTIFY, heard on a
 * dedicated connection, so the other instances drop within milliseconds; after that connection
 * was lost (notifications sent meanwhile are gone) they drop everything and read the counter.
 */
import type { Database } from "#app/server/db/index.server.ts";
import type { Logger } from "#app/server/logger.server.ts";
import { bumpChangeCounter, getChangeCounter } from "#app/server/repos/change-counters.server.ts";
import { watchCounter } from "#app/server/public-pages-watch.server.ts";

/** The counter's name, and the PostgreSQL channel its bumps are announced on. */
const PUBLIC_PAGES_COUNTER = "public_pages";
const PUBLIC_PAGES_CHANNEL = "public_pages_changed";
const POLL_MS = 1000;

/** The rendered public pages the host keeps: a feature that changes what they show drops them. */
export interface PublicPages {
  /** Drops this process's copies at once; resolves once every other instance has been told. */
  invalidate(): Promise<void>;
}

/** Runs a change and, when it went through (`ok`), drops the public pages: what every feature does after a change. */
export async function invalidateAfter<T extends { ok: boolean }>(
  publicPages: Pick<PublicPages, "invalidate">,
  run: () => Promise<T>,
): Promise<T> {
  const result = await run();
  if (result.ok) await publicPages.invalidate();
  return result;
}

export interface PublicPagesHub extends PublicPages {
  /** Runs `listener` on every invalidation, local or heard; returns a function that stops it. */
  onInvalidate(listener: () => void): () => void;
  /**
   * Starts hearing the other processes' changes (the counter poll, and LISTEN on PostgreSQL).
   * Without a database there is nothing to hear.
   */
  watch(): Promise<{ stop(): Promise<void> }>;
}

interface PublicPagesOptions {
  /** Where the counter lives. Without it, invalidation stays in this process (unit tests). */
  database?: Pick<Database, "db" | "dialect" | "listen">;
  logger?: Pick<Logger, "info" | "warn" | "error">;
  /** How often the counter is read (default 1 s). */
  pollMs?: number;
}

export function createPublicPages(options: PublicPagesOptions = {}): PublicPagesHub {
  const { database, logger } = options;
  const pollMs = options.pollMs ?? POLL_MS;
  const listeners = new Set<() => void>();
  /** The counter value this process's copies are known to be at least as new as. */
  let seen: number | null = null;

  function drop() {
    for (const listener of listeners) listener();
  }

  /** A counter value read or heard: drop when it moved past what we have. */
  function observe(value: number) {
    if (seen === null) {
      seen = value;
      return;
    }
    if (value <= seen) return;
    seen = value;
    drop();
  }

  async function readCounter() {
    if (!database) return;
    observe(await getChangeCounter({ db: database.db, name: PUBLIC_PAGES_COUNTER }));
  }

  return {
    async invalidate() {
      drop();
      if (!database) return;
      try {
        const value = await bumpChangeCounter({
          db: database.db,
          name: PUBLIC_PAGES_COUNTER,
          notify: database.dialect === "postgres" ? PUBLIC_PAGES_CHANNEL : undefined,
        });
        // Our own bump needs no second drop; a jump over another process's bump does (a page
        // rendered here between our drop and its change would still show the old content).
        if (seen !== null && value === seen + 1) seen = value;
        else observe(value);
      } catch (error) {
        // The change itself is saved: other instances catch up when their cached pages expire.
        logger?.error("could not tell the other instances that public pages changed", { error });
      }
    },
    onInvalidate(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async watch() {
      if (!database) return { stop: async () => {} };
      return watchCounter({
        database,
        channel: PUBLIC_PAGES_CHANNEL,
        logger,
        pollMs,
        counter: { observe, drop, readCounter },
      });
    },
  };
}
