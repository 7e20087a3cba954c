/** What the review requests need from the host, bound once by `createReviews` (reviews.server.ts). */
import type { BackendBase } from "#app/server/backend-base.server.ts";

export type ReviewDeps = Pick<BackendBase, "config" | "database" | "logger" | "outbox" | "secret" | "site" | "clock">;
