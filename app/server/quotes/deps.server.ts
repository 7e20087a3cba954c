/** What the quotes need from the host, bound once by `createQuotes` (quotes.server.ts). */
import type { BackendBase } from "#app/server/backend-base.server.ts";

export type QuoteDeps = Pick<BackendBase, "config" | "database" | "logger" | "outbox" | "push" | "site" | "secret" | "clock" | "blobStore">;
