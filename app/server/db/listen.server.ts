/**
 * LISTEN on a dedicated PostgreSQL connection, outside the pool (a pooled connection goes back
 * to the pool and would stop hearing). The connection is re-opened after it drops, with a
 * growing pause; notifications sent while it was down are lost, so `onConnect` says whether this
 * is a reconnect and the caller re-checks what it might have missed.
 */
import type { Client, Notification } from "pg";

export interface ListenHandlers {
  /** A notification on the channel (payload as sent, "" when none). */
  onNotify(payload: string): void;
  /** The LISTEN is in place; `isReconnect` after the connection had dropped. */
  onConnect?(info: { isReconnect: boolean; processId: number }): void;
  onError?(message: string, error: unknown): void;
}

export interface Listener {
  /** Stops listening and closes the connection. */
  close(): Promise<void>;
}

interface ListenOptions {
  connectionString: string | undefined;
  /** `set search_path` on the connection, like the pool's (tests isolate schemas this way). */
  schema?: string;
  channel: string;
  connectTimeoutMs: number;
  /** First pause before reconnecting; doubles up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function listenPostgres(options: ListenOptions, handlers: ListenHandlers): Promise<Listener> {
  const { Client } = await import("pg");
  const retryMs = options.retryMs ?? 250;
  const maxRetryMs = options.maxRetryMs ?? 5000;
  let closed = false;
  let client: Client | null = null;
  let connectedOnce = false;
  let pause = retryMs;
  let timer: NodeJS.Timeout | null = null;

  function scheduleReconnect() {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, pause);
    timer.unref();
    pause = Math.min(pause * 2, maxRetryMs);
  }

  async function connect(): Promise<void> {
    if (closed) return;
    const next = new Client({
      connectionString: options.connectionString,
      connectionTimeoutMillis: options.connectTimeoutMs,
      keepAlive: true,
      application_name: "site-listener",
    });
    let dropped = false;
    const drop = (message: string, error?: unknown) => {
      if (dropped) return;
      dropped = true;
      if (client === next) client = null;
      if (!closed) handlers.onError?.(message, error);
      next.removeAllListeners("notification");
      void next.end().catch(() => {});
      scheduleReconnect();
    };
    next.on("error", (error) => drop("the PostgreSQL listener connection failed", error));
    next.on("end", () => drop("the PostgreSQL listener connection closed"));
    next.on("notification", (message: Notification) => {
      if (message.channel === options.channel) handlers.onNotify(message.payload ?? "");
    });
    try {
      await next.connect();
      if (options.schema) await next.query(`set search_path to ${quote(options.schema)}`);
      await next.query(`listen ${quote(options.channel)}`);
    } catch (error) {
      drop("the PostgreSQL listener could not connect", error);
      return;
    }
    if (closed) {
      void next.end().catch(() => {});
      return;
    }
    client = next;
    pause = retryMs;
    const isReconnect = connectedOnce;
    connectedOnce = true;
    handlers.onConnect?.({ isReconnect, processId: (next as unknown as { processID: number }).processID });
  }

  await connect();
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      if (current) await current.end().catch(() => {});
    },
  };
}
