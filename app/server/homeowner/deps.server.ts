/** What the homeowner's page needs from the host, bound once by `createHomeowner` (homeowner.server.ts). */
import type { BackendBase } from "#app/server/backend-base.server.ts";

export type HomeownerDeps = Pick<BackendBase, "config" | "database" | "logger" | "secret" | "outbox" | "site" | "clock" | "blobStore">;
