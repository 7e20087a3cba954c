/** What the review page, the feedback and the reviews page need from the host, bound once by `createReviewFeedback`. */
import type { BackendBase } from "#app/server/backend-base.server.ts";

export type ReviewFeedbackDeps = Pick<
  BackendBase,
  "config" | "database" | "logger" | "secret" | "outbox" | "push" | "site" | "clock" | "publicPages"
>;
