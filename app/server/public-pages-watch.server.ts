/**
 * Hearing the other processes' changes to the public pages (ADR 021): the counter read once a
 * second, and on PostgreSQL a LISTEN on a dedicated connection, dropping everything after that
 * connection was lost (notifications sent meanwhile are gone).
 */
import type { Database } from "#app/server/db/index.server.ts";
import type { Listener } from "#app/server/db/listen.server.ts";
import type { Logger } from "#app/server/logger.server.ts";
import { getCurrentSchema } from "#app/server/repos/change-counters.server.ts";

/** What the hub does with what is heard. */
interface CounterObserver {
  /** A counter value read or heard: drops the copies when it moved past what this process has. */
  observe(value: number): void;
  /** Drops every copy this process keeps. */
  drop(): void;
  readCounter(): Promise<void>;
}

export async function watchCounter({
  database,
  channel,
  logger,
  pollMs,
  counter,
}: {
  database: Pick<Database, "db" | "listen">;
  /** The PostgreSQL channel the counter's bumps are announced on. */
  channel: string;
  logger?: Pick<Logger, "info" | "warn" | "error">;
  pollMs: number;
  counter: CounterObserver;
}): Promise<{ stop(): Promise<void> }> {
  const { observe, drop, readCounter } = counter;
  await readCounter();
  let polling = false;
  let failing = false;
  const timer = setInterval(() => {
    if (polling) return;
    polling = true;
    readCounter()
      .then(() => {
        if (failing) logger?.info("the public pages counter can be read again");
        failing = false;
      })
      .catch((error: unknown) => {
        if (!failing) logger?.warn("cannot read the public pages counter; retrying every second", { error });
        failing = true;
      })
      .finally(() => (polling = false));
  }, pollMs);
  timer.unref();

  let listener: Listener | null = null;
  if (database.listen) {
    listener = await database.listen(channel, {
      onNotify(payload) {
        // `<schema>:<value>`; listeners of other schemas in the same database hear it too.
        const colon = payload.lastIndexOf(":");
        const value = Number(payload.slice(colon + 1));
        if (colon < 0 || !Number.isInteger(value)) return;
        schemaOf()
          .then((schema) => {
            if (payload.slice(0, colon) === schema) observe(value);
          })
          .catch(() => {
            // Unknown schema for now: the next poll reads the counter anyway.
          });
      },
      onConnect({ isReconnect }) {
        if (!isReconnect) return;
        // Changes announced while we were deaf are lost: drop everything, then read the counter.
        logger?.info("listening for public page changes again: dropping cached pages");
        drop();
        readCounter().catch(() => {});
      },
      onError(message, error) {
        logger?.warn(message, { error });
      },
    });
  }

  let schema: Promise<string> | null = null;
  function schemaOf(): Promise<string> {
    schema ??= getCurrentSchema({ db: database.db }).catch((error: unknown) => {
      schema = null;
      throw error;
    });
    return schema;
  }
  return {
    async stop() {
      clearInterval(timer);
      await listener?.close();
    },
  };
}
