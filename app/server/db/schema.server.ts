/**
 * The database schema as Kysely sees it: one interface per table.
 *
 * Keep this in step with `migrations.server.ts`. Only portable column types are used (text,
 * integer), so the same shapes hold on SQLite and PostgreSQL. Timestamps are ISO-8601 UTC
 * strings written by the application (`new Date().toISOString()`), never database defaults.
 */

/** `settings`: small site-wide key/value settings. `value` is JSON text. */
export interface SettingsTable {
  key: string;
  /** JSON-encoded value (`JSON.stringify`); read it through `repos/settings.server.ts`. */
  value: string;
  /** ISO-8601 UTC timestamp of the last write, e.g. `2026-11-22T00:00:00.000Z`. */
  updated_at: string;
}

export const leadStatuses = ["new", "contacted", "scheduled", "won", "lost", "spam"] as const;
export type LeadStatus = (typeof leadStatuses)[number];

/** `leads`: every estimate request, stored before the visitor is told it arrived. */
export interface LeadsTable {
  id: string;
  created_at: string;
  from_name: string;
  email: string;
  phone: string;
  subject: string;
  /** Empty string when the visitor wrote none. */
  message: string;
  status: LeadStatus;
  /** 1 when the spam checks caught it: kept, flagged, never emailed. */
  is_spam: number;
  spam_reason: string | null;
  /** The page the form was sent from, e.g. "/contact". */
  source: string;
  /** HMAC of the sender's IP address: enough to spot floods, not a stored address. */
  ip_hash: string | null;
  user_agent: string | null;
}

export const emailJobKinds = ["lead-notification", "lead-confirmation"] as const;
export type EmailJobKind = (typeof emailJobKinds)[number];
export type EmailJobStatus = "pending" | "sending" | "sent" | "failed";

/** `email_jobs`: the outbox. A worker claims due jobs, sends them and records the outcome. */
export interface EmailJobsTable {
  id: string;
  lead_id: string | null;
  kind: EmailJobKind;
  recipient: string;
  /** JSON of the message (see mail/messages.server.ts). */
  payload: string;
  status: EmailJobStatus;
  attempts: number;
  created_at: string;
  next_attempt_at: string;
  /** After this moment a failing job is marked failed instead of retried. */
  give_up_at: string;
  locked_by: string | null;
  /** A claim expires here, so a job held by a crashed process is picked up again. */
  locked_until: string | null;
  last_error: string | null;
  sent_at: string | null;
}

export interface DB {
  settings: SettingsTable;
  leads: LeadsTable;
  email_jobs: EmailJobsTable;
}
