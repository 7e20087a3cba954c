/**
 * The one migration set, shared by SQLite and PostgreSQL.
 *
 * Rules for adding a migration:
 * - Add an entry below; names sort in the order they run (`0002_…`, `0003_…`). Never rename or
 *   edit a migration that has shipped: add a new one.
 * - Use only portable column types (`text`, `integer`) and no database defaults for timestamps
 *   (the app writes ISO-8601 UTC text), so the same code runs on both databases.
 * - Migrations run inside one transaction on both databases (see `index.server.ts`), so a
 *   failing run leaves the schema unchanged. On SQLite, `pragma foreign_keys` cannot change
 *   inside a transaction: a table rebuild should use `pragma defer_foreign_keys = on` instead.
 * - Migrations take `Kysely<any>` on purpose: they describe the past, not today's `DB` type.
 *
 * The set is an in-code object (no filesystem globbing) so it survives bundling by Vite.
 */
import { randomUUID } from "node:crypto";
import type { Migration, MigrationProvider } from "kysely/migration";
import { sql } from "kysely";

/**
 * The reply templates a new site starts with (migration 0012). Kept here, as they were when it
 * shipped: a migration describes the past.
 */
const defaultReplyTemplates = [
  {
    name: "Thanks, when can we visit?",
    subject: "Your estimate request: {service}",
    body: [
      "Hi {first_name},",
      "",
      "Thank you for asking {business_name} about your {service} project. We would like to come by, look at the space and take measurements, so we can give you a written estimate. It is free, with no obligation.",
      "",
      "Which days and times work for you this week or next? Reply to this email, or call or text us at {business_phone}.",
    ].join("\n"),
  },
  {
    name: "Need photos",
    subject: "Photos for your {service} estimate",
    body: [
      "Hi {first_name},",
      "",
      "Thank you for your request. To give you a closer estimate for your {service} project, could you send us a few photos of the area as it is today? A wide shot of the whole space and a close-up of anything damaged help most, and a rough size (length and width) if you have it.",
      "",
      "Just reply to this email with the photos attached. Questions? Call or text {business_name} at {business_phone}.",
    ].join("\n"),
  },
];

export const migrations: Readonly<Record<string, Migration>> = {
  "0001_settings": {
    async up(db) {
      await db.schema
        .createTable("settings")
        // SQLite lets a non-integer primary key hold NULL unless NOT NULL is explicit.
        .addColumn("key", "text", (col) => col.primaryKey().notNull())
        .addColumn("value", "text", (col) => col.notNull())
        .addColumn("updated_at", "text", (col) => col.notNull())
        .execute();
    },
    async down(db) {
      await db.schema.dropTable("settings").execute();
    },
  },
  "0002_leads_and_email_jobs": {
    async up(db) {
      await db.schema
        .createTable("leads")
        .addColumn("id", "text", (col) => col.primaryKey().notNull())
        .addColumn("created_at", "text", (col) => col.notNull())
        .addColumn("from_name", "text", (col) => col.notNull())
        .addColumn("email", "text", (col) => col.notNull())
        .addColumn("phone", "text", (col) => col.notNull())
        .addColumn("subject", "text", (col) => col.notNull())
        .addColumn("message", "text", (col) => col.notNull())
        .addColumn("status", "text", (col) => col.notNull())
        .addColumn("is_spam", "integer", (col) => col.notNull())
        .addColumn("spam_reason", "text")
        .addColumn("source", "text", (col) => col.notNull())
        .addColumn("ip_hash", "text")
        .addColumn("user_agent", "text")
        .execute();
      await db.schema.createIndex("leads_created_at_idx").on("leads").column("created_at").execute();
      await db.schema.createIndex("leads_status_idx").on("leads").columns(["status", "created_at"]).execute();

      await db.schema
        .createTable("email_jobs")
        .addColumn("id", "text", (col) => col.primaryKey().notNull())
        .addColumn("lead_id", "text", (col) => col.references("leads.id").onDelete("cascade"))
        .addColumn("kind", "text", (col) => col.notNull())
        .addColumn("recipient", "text", (col) => col.notNull())
        .addColumn("payload", "text", (col) => col.notNull())
        .addColumn("status", "text", (col) => col.notNull())
        .addColumn("attempts", "integer", (col) => col.notNull())
        .addColumn("created_at", "text", (col) => col.notNull())
        .addColumn("next_attempt_at", "text", (col) => col.notNull())
        .addColumn("give_up_at", "text", (col) => col.notNull())
        .addColumn("locked_by", "text")
        .addColumn("locked_until", "text")
        .addColumn("last_error", "text")
        .addColumn("sent_at", "text")
        .execute();
      await db.schema.createIndex("email_jobs_due_idx").on("email_jobs").columns(["status", "next_attempt_at"]).execute();
      await db.schema.createIndex("email_jobs_lead_idx").on("email_jobs").column("lead_id").execute();
      await db.schema.createIndex("email_jobs_recipient_idx").on("email_jobs").columns(["recipient", "kind", "created_at"]).execute();
    },
    async down(db) {
      await db.schema.dropTable("email_jobs").execute();
      await db.schema.dropTable("leads").execute();
    },
  },
  "0003_accounts": {
    async up(db) {
      await db.schema
        .createTable("users")
        .addColumn("id", "text", (col) => col.primaryKey().notNull())
        .addColumn("email", "text", (col) => col.notNull().unique())
        .addColumn("name", "text", (col) => col.notNull())
        .addColumn("password_hash", "text")
        .addColumn("role", "text", (col) => col.notNull())
        .addColumn("email_verified", "integer", (col) => col.notNull())
        .addColumn("google_sub", "text", (col) => col.unique())
        .addColumn("created_at", "text", (col) => col.notNull())
        .addColumn("updated_at", "text", (col) => col.notNull())
        .execute();
      await db.schema.createIndex("users_role_idx").on("users").column("role").execute();

      await db.schema
        .createTable("sessions")
        .addColumn("id_hash", "text", (col) => col.primaryKey().notNull())
        .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
        .addColumn("created_at", "text", (col) => col.notNull())
        .addColumn("expires_at", "text", (col) => col.notNull())
        .addColumn("last_seen_at", "text", (col) => col.notNull())
        .addColumn("user_agent", "text")
        .execute();
      await db.schema.createIndex("sessions_user_idx").on("sessions").column("user_id").execute();
      await db.schema.createIndex("sessions_expires_idx").on("sessions").column("expires_at").execute();

      await db.schema
        .createTable("sign_in_failures")
        .addColumn("id", "text", (col) => col.primaryKey().notNull())
        .addColumn("subject", "text", (col) => col.notNull())
        .addColumn("created_at", "text", (col) => col.notNull())
        .execute();
      await db.schema.createIndex("sign_in_failures_subject_idx").on("sign_in_failures").columns(["subject", "created_at"]).execute();

      await db.schema
        .createTable("lead_notes")
        .addColumn("id", "text", (col) => col.primaryKey().notNull())
        .addColumn("lead_id", "text", (col) => col.notNull().references("leads.id").onDelete("cascade"))
        .addColumn("author_id", "text", (col) => col.references("users.id").onDelete("set null"))
        .addColumn("body", "text", (col) => col.notNull())
        .addColumn("created_at", "text", (col) => col.notNull())
        .execute();
      await db.schema.createIndex("lead_notes_lead_idx").on("lead_notes").columns(["lead_id", "created_at"]).execute();

      // A lead sent while signed in belongs to that account; deleting the account keeps the lead.
      await db.schema
        .alterTable("leads")
        .addColumn("user_id", "text", (col) => col.references("users.id").onDelete("set null"))
        .execute();
      await db.schema.createIndex("leads_user_idx").on("leads").columns(["user_id", "created_at"]).execute();
    },
    async down(db) {
      await db.schema.dropIndex("leads_user_idx").execute();
      await db.schema.alterTable("leads").dropColumn("user_id").execute();
      await db.schema.dropTable("lead_notes").execute();
      await db.schema.dropTable("sign_in_failures").execute();
      await db.schema.dropTable("sessions").execute();
      await db.schema.dropTable("users").execute();
    },
  },
  "0004_photos": {
    async up(db) {
      await db.schema
        .createTable("photos")
        .addColumn("id", "text", (col) => col.primaryKey().notNull())
        .addColumn("status", "text", (col) => col.notNull())
        .addColumn("version", "integer", (col) => col.notNull())
        .addColumn("category", "text", (col) => col.notNull())
        .addColumn("caption", "text", (col) => col.notNull())
        .addColumn("alt", "text", (col) => col.notNull())
        .addColumn("sort_order", "integer", (col) => col.notNull())
        .addColumn("width", "integer", (col) => col.notNull())
        .addColumn("height", "integer", (col) => col.notNull())
        .addColumn("master_key", "text", (col) => col.notNull())
        .addColumn("master_width", "integer", (col) => col.notNull())
        .addColumn("master_height", "integer", (col) => col.notNull())
        .addColumn("variants", "text", (col) => col.notNull())
        .addColumn("placeholder", "text", (col) => col.notNull())
        .addColumn("source_type", "text", (col) => col.notNull())
        .addColumn("source_bytes", "integer", (col) => col.notNull())
        .addColumn("uploaded_by", "text", (col) => col.references("users.id").onDelete("set null"))
        .addColumn("created_at", "text", (col) => col.notNull())
        .addColumn("updated_at", "text", (col) => col.notNull())
        .addColumn("published_at", "text")
        .execute();
      await db.schema.createIndex("photos_gallery_idx").on("photos").columns(["status", "sort_order"]).execute();
      await db.schema.createIndex("photos_category_idx").on("photos").columns(["status", "category", "sort_order"]).execute();
      await db.schema.createIndex("photos_drafts_idx").on("photos").columns(["status", "created_at"]).execute();

      await db.schema
        .createTable("service_covers")
        .addColumn("service", "text", (col) => col.primaryKey().notNull())
        .addColumn("photo_id", "text", (col) => col.notNull().references("photos.id").onDelete("cascade"))
        .addColumn("updated_at", "text", (col) => col.notNull())
        .execute();
    },
    async down(db) {
      await db.schema.dropTable("service_covers").execute();
      await db.schema.dropTable("photos").execute();
    },
  },
  "0005_site_content": {
    async up(db) {
      // One row ("main"): the business profile as JSON, merged over the defaults when read.
      await db.schema
        .createTable("site_profile")
        .addColumn("id", "text", (col) => col.primaryKey().notNull())
        .addColumn("data", "text", (col) => col.notNull())
        .addColumn("updated_at", "text", (col) => col.notNull())
        .addColumn("updated_by", "text", (col) => col.references("users.id").onDelete("set null"))
        .execute();
      // Only the texts the owner changed; a missing row means the default. `locale` lets a
      // second language be added per text without a new table.
      await db.schema
        .createTable("site_texts")
        .addColumn("key", "text", (col) => col.notNull())
        .addColumn("locale", "text", (col) => col.notNull())
        .addColumn("value", "text", (col) => col.notNull())
        .addColumn("updated_at", "text", (col) => col.notNull())
        .addColumn("updated_by", "text", (col) => col.references("users.id").onDelete("set null"))
        .addPrimaryKeyConstraint("site_texts_pk", ["key", "locale"])
        .execute();
      await db.schema
        .createTable("testimonials")
        .addColumn("id", "text", (col) => col.primaryKey().notNull())
        .addColumn("quote", "text", (col) => col.notNull())
        .addColumn("name", "text", (col) => col.notNull())
        .addColumn("place", "text", (col) => col.notNull())
        .addColumn("service", "text")
        .addColumn("given_on", "text", (col) => col.notNull())
        .addColumn("link", "text")
        .addColumn("position", "integer", (col) => col.notNull())
        .addColumn("created_at", "text", (col) => col.notNull())
        .addColumn("updated_at", "text", (col) => col.notNull())
        .execute();
      await db.schema.createIndex("testimonials_position_idx").on("testimonials").column("position").execute();
      // The photos chosen for the home hero and the about page; deleting the photo clears the choice.
      await db.schema
        .createTable("site_photos")
        .addColumn("slot", "text", (col) => col.primaryKey().notNull())
        .addColumn("photo_id", "text", (col) => col.notNull().references("photos.id").onDelete("cascade"))
        .addColumn("updated_at", "text", (col) => col.notNull())
        .execute();
    },
    async down(db) {
      await db.schema.dropTable("site_photos").execute();
      await db.schema.dropTable("testimonials").execute();
      await db.schema.dropTable("site_texts").execute();
      await db.schema.dropTable("site_profile").execute();
    },
  },
  "0006_rate_limit_hits": {
    async up(db) {
      // One row per counted attempt (a lead, a sign-in attempt, a sign-up, a confirmation email),
      // shared by every app instance. `bucket` names what is limited, with a keyed hash of the
      // address or account it counts; `expires_at` is when the row stops counting, for the sweep.
      await db.schema
        .createTable("rate_limit_hits")
        .addColumn("id", "text", (col) => col.primaryKey().notNull())
        .addColumn("bucket", "text", (col) => col.notNull())
        .addColumn("created_at", "text", (col) => col.notNull())
        .addColumn("expires_at", "text", (col) => col.notNull())
        .execute();
      await db.schema.createIndex("rate_limit_hits_bucket_idx").on("rate_limit_hits").columns(["bucket", "created_at"]).execute();
      await db.schema.createIndex("rate_limit_hits_expires_idx").on("rate_limit_hits").column("expires_at").execute();
      // Sign-in failures are counted in rate_limit_hits now; the old rows only ever lived 15 minutes.
      await db.schema.dropTable("sign_in_failures").execute();
    },
    async down(db) {
      await db.schema
        .createTable("sign_in_failures")
        .addColumn("id", "text", (col) => col.primaryKey().notNull())
        .addColumn("subject", "text", (col) => col.notNull())
        .addColumn("created_at", "text", (col) => col.notNull())
        .execute();
      await db.schema.createIndex("sign_in_failures_subject_idx").on("sign_in_failures").columns(["subject", "created_at"]).execute();
      await db.schema.dropTable("rate_limit_hits").execute();
    },
  },
  "0007_change_counters": {
    async up(db) {
      // Counters that every instance polls: "public_pages" goes up by one after each change a
      // public page shows, so every process drops its cached pages (ADR 021).
      await db.schema
        .createTable("change_counters")
        .addColumn("name", "text", (col) => col.primaryKey().notNull())
        .addColumn("value", "integer", (col) => col.notNull())
        .addColumn("updated_at", "text", (col) => col.notNull())
        .execute();
    },
    async down(db) {
      await db.schema.dropTable("change_counters").execute();
    },
  },
  "0008_lead_review": {
    async up(db) {
      // A request the spam checks doubt but that may be a person's (sent too fast, or with an
      // expired or reused form token) is kept with status "review", emailed, and says why here.
      await db.schema.alterTable("leads").addColumn("review_reason", "text").execute();
      // A hash of the form token the request came with, so a second request with the same token
      // (a reused page or a replay) is seen.
      await db.schema.alterTable("leads").addColumn("form_token_hash", "text").execute();
      await db.schema.createIndex("leads_form_token_idx").on("leads").columns(["form_token_hash"]).execute();
    },
    async down(db) {
      await db.schema.dropIndex("leads_form_token_idx").execute();
      await db.schema.alterTable("leads").dropColumn("form_token_hash").execute();
      await db.schema.alterTable("leads").dropColumn("review_reason").execute();
    },
  },
  "0009_lead_details_and_photos": {
    async up(db) {
      // What the estimate form asks besides the original five fields (issue 14): all optional.
      for (const column of [
        "zip",
        "street_address",
        "contact_method",
        "best_time",
        // Where the visit came from: its first page, the referring site, the campaign's utm_* tags.
        "landing_page",
        "referrer",
        "utm_source",
        "utm_medium",
        "utm_campaign",
      ]) {
        await db.schema.alterTable("leads").addColumn(column, "text").execute();
      }
      // 1 inside the business's service area, 0 outside, null when no ZIP was given.
      await db.schema.alterTable("leads").addColumn("in_service_area", "integer").execute();
      // The homeowner's photos of the job: private (served to admins only), deleted with the lead.
      await db.schema
        .createTable("lead_photos")
        .addColumn("id", "text", (col) => col.primaryKey().notNull())
        .addColumn("lead_id", "text", (col) => col.notNull().references("leads.id").onDelete("cascade"))
        .addColumn("position", "integer", (col) => col.notNull())
        .addColumn("file_name", "text", (col) => col.notNull())
        .addColumn("width", "integer", (col) => col.notNull())
        .addColumn("height", "integer", (col) => col.notNull())
        .addColumn("master_key", "text", (col) => col.notNull())
        .addColumn("master_width", "integer", (col) => col.notNull())
        .addColumn("master_height", "integer", (col) => col.notNull())
        .addColumn("variants", "text", (col) => col.notNull())
        .addColumn("source_type", "text", (col) => col.notNull())
        .addColumn("source_bytes", "integer", (col) => col.notNull())
        .addColumn("created_at", "text", (col) => col.notNull())
        .execute();
      await db.schema.createIndex("lead_photos_lead_idx").on("lead_photos").columns(["lead_id", "position"]).execute();
      await db.schema.createIndex("leads_created_source_idx").on("leads").columns(["created_at", "utm_source"]).execute();
    },
    async down(db) {
      await db.schema.dropIndex("leads_created_source_idx").execute();
      await db.schema.dropTable("lead_photos").execute();
      for (const column of [
        "in_service_area",
        "utm_campaign",
        "utm_medium",
        "utm_source",
        "referrer",
        "landing_page",
        "best_time",
        "contact_method",
        "street_address",
        "zip",
      ]) {
        await db.schema.alterTable("leads").dropColumn(column).execute();
      }
    },
  },
  "0010_password_reset_tokens": {
    async up(db) {
      // A "forgot password" link: only the SHA-256 of its random token is kept, so the table
      // cannot be used to reset anyone's password. Single use (used_at), valid one hour.
      await db.schema
        .createTable("password_reset_tokens")
        .addColumn("token_hash", "text", (col) => col.primaryKey().notNull())
        .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
        .addColumn("created_at", "text", (col) => col.notNull())
        .addColumn("expires_at", "text", (col) => col.notNull())
        .addColumn("used_at", "text")
        .execute();
      await db.schema.createIndex("password_reset_tokens_user_idx").on("password_reset_tokens").column("user_id").execute();
    },
    async down(db) {
      await db.schema.dropTable("password_reset_tokens").execute();
    },
  },
  "0011_visits": {
    async up(db) {
      // A site visit on a request: when (UTC), how long the arrival window is, and the
      // iCalendar identity the homeowner's calendar keeps (a stable UID, a SEQUENCE raised by
      // every change). The reminder is an email job; its id is kept so a change can replace it.
      await db.schema
        .createTable("visits")
        .addColumn("id", "text", (col) => col.primaryKey().notNull())
        .addColumn("lead_id", "text", (col) => col.notNull().references("leads.id").onDelete("cascade"))
        .addColumn("starts_at", "text", (col) => col.notNull())
        .addColumn("minutes", "integer", (col) => col.notNull())
        .addColumn("status", "text", (col) => col.notNull())
        .addColumn("sequence", "integer", (col) => col.notNull())
        .addColumn("uid", "text", (col) => col.notNull().unique())
        .addColumn("note", "text")
        .addColumn("reminder_job_id", "text")
        .addColumn("created_at", "text", (col) => col.notNull())
        .addColumn("updated_at", "text", (col) => col.notNull())
        .execute();
      await db.schema.createIndex("visits_lead_idx").on("visits").columns(["lead_id", "starts_at"]).execute();
      await db.schema.createIndex("visits_starts_idx").on("visits").columns(["starts_at"]).execute();
    },
    async down(db) {
      await db.schema.dropTable("visits").execute();
    },
  },
  "0012_lead_replies": {
    async up(db) {
      // Saved replies the lead page can start from (/admin/replies); placeholders in braces.
      await db.schema
        .createTable("reply_templates")
        .addColumn("id", "text", (col) => col.primaryKey().notNull())
        .addColumn("name", "text", (col) => col.notNull().unique())
        .addColumn("subject", "text", (col) => col.notNull())
        .addColumn("body", "text", (col) => col.notNull())
        .addColumn("created_at", "text", (col) => col.notNull())
        .addColumn("updated_at", "text", (col) => col.notNull())
        .execute();
      // A reply to a homeowner, kept in the request's history; its delivery is its email job's.
      // Both go with the request (ON DELETE CASCADE, and said again in deleteLead).
      await db.schema
        .createTable("lead_replies")
        .addColumn("id", "text", (col) => col.primaryKey().notNull())
        .addColumn("lead_id", "text", (col) => col.notNull().references("leads.id").onDelete("cascade"))
        .addColumn("email_job_id", "text", (col) => col.references("email_jobs.id").onDelete("set null"))
        .addColumn("author_id", "text", (col) => col.references("users.id").onDelete("set null"))
        .addColumn("recipient", "text", (col) => col.notNull())
        .addColumn("subject", "text", (col) => col.notNull())
        .addColumn("body", "text", (col) => col.notNull())
        .addColumn("created_at", "text", (col) => col.notNull())
        .execute();
      await db.schema.createIndex("lead_replies_lead_idx").on("lead_replies").columns(["lead_id", "created_at"]).execute();
      // Two templates to start from (ADR 032): seeded once, so one the owner deletes stays deleted.
      const now = new Date().toISOString();
      await db
        .insertInto("reply_templates")
        .values(
          defaultReplyTemplates.map((template) => ({
            id: randomUUID(),
            ...template,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    },
    async down(db) {
      await db.schema.dropTable("lead_replies").execute();
      await db.schema.dropTable("reply_templates").execute();
    },
  },
  "0013_push_subscriptions": {
    async up(db) {
      // An admin's browser that asked for Web Push alerts: where to send (the push service's
      // endpoint) and the keys to encrypt for it. Gone with its user.
      await db.schema
        .createTable("push_subscriptions")
        .addColumn("id", "text", (col) => col.primaryKey().notNull())
        .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
        .addColumn("endpoint", "text", (col) => col.notNull().unique())
        .addColumn("p256dh", "text", (col) => col.notNull())
        .addColumn("auth", "text", (col) => col.notNull())
        .addColumn("user_agent", "text")
        .addColumn("created_at", "text", (col) => col.notNull())
        .addColumn("last_success_at", "text")
        .addColumn("last_error", "text")
        .execute();
      await db.schema.createIndex("push_subscriptions_user_idx").on("push_subscriptions").column("user_id").execute();
      // One alert for one subscription, queued in the new lead's transaction; deleted once sent,
      // once the push service says the subscription is gone, or after the last attempt.
      await db.schema
        .createTable("push_jobs")
        .addColumn("id", "text", (col) => col.primaryKey().notNull())
        .addColumn("lead_id", "text", (col) => col.references("leads.id").onDelete("cascade"))
        .addColumn("subscription_id", "text", (col) => col.notNull().references("push_subscriptions.id").onDelete("cascade"))
        .addColumn("payload", "text", (col) => col.notNull())
        .addColumn("attempts", "integer", (col) => col.notNull())
        .addColumn("created_at", "text", (col) => col.notNull())
        .addColumn("next_attempt_at", "text", (col) => col.notNull())
        .addColumn("locked_by", "text")
        .addColumn("locked_until", "text")
        .addColumn("last_error", "text")
        .execute();
      await db.schema.createIndex("push_jobs_due_idx").on("push_jobs").column("next_attempt_at").execute();
    },
    async down(db) {
      await db.schema.dropTable("push_jobs").execute();
      await db.schema.dropTable("push_subscriptions").execute();
    },
  },
  "0014_photo_imports": {
    async up(db) {
      // One document of the old Firebase gallery brought over by `cli import-firebase` (ADR 035):
      // its id, so a second run skips it, and the photo it became. The row outlives the photo
      // (no foreign key): a draft the admin deleted is not brought back by the next run.
      await db.schema
        .createTable("photo_imports")
        .addColumn("source_id", "text", (col) => col.primaryKey().notNull())
        .addColumn("photo_id", "text")
        .addColumn("source_url", "text", (col) => col.notNull())
        .addColumn("content_sha256", "text", (col) => col.notNull())
        .addColumn("imported_at", "text", (col) => col.notNull())
        .execute();
      await db.schema.createIndex("photo_imports_content_idx").on("photo_imports").column("content_sha256").execute();
      await db.schema.createIndex("photo_imports_photo_idx").on("photo_imports").column("photo_id").execute();
    },
    async down(db) {
      await db.schema.dropTable("photo_imports").execute();
    },
  },
  "0015_projects": {
    async up(db) {
      // A job told as a story (issue 16, ADR 039): what was done, for which service, where (a
      // neighbourhood or city, never a street address) and when (month and year, "2026-04").
      await db.schema
        .createTable("projects")
        .addColumn("id", "text", (col) => col.primaryKey().notNull())
        .addColumn("slug", "text", (col) => col.notNull().unique())
        .addColumn("status", "text", (col) => col.notNull())
        .addColumn("title", "text", (col) => col.notNull())
        .addColumn("service", "text", (col) => col.notNull())
        .addColumn("place", "text", (col) => col.notNull())
        .addColumn("finished_on", "text", (col) => col.notNull())
        .addColumn("description", "text", (col) => col.notNull())
        // The cover may be any photo of the project; it goes back to none when the photo goes.
        .addColumn("cover_photo_id", "text", (col) => col.references("photos.id").onDelete("set null"))
        .addColumn("created_at", "text", (col) => col.notNull())
        .addColumn("updated_at", "text", (col) => col.notNull())
        .addColumn("published_at", "text")
        .execute();
      await db.schema.createIndex("projects_list_idx").on("projects").columns(["status", "finished_on"]).execute();
      await db.schema.createIndex("projects_service_idx").on("projects").columns(["status", "service", "finished_on"]).execute();
      // A photo belongs to at most one project, at a place in its story; deleting the project
      // leaves its photos in the gallery, on their own.
      await db.schema
        .alterTable("photos")
        .addColumn("project_id", "text", (col) => col.references("projects.id").onDelete("set null"))
        .execute();
      await db.schema.alterTable("photos").addColumn("project_position", "integer").execute();
      await db.schema.createIndex("photos_project_idx").on("photos").columns(["project_id", "project_position"]).execute();
      // A before and an after photo of the same project, shown as a slider; gone with either photo.
      await db.schema
        .createTable("project_pairs")
        .addColumn("id", "text", (col) => col.primaryKey().notNull())
        .addColumn("project_id", "text", (col) => col.notNull().references("projects.id").onDelete("cascade"))
        .addColumn("before_photo_id", "text", (col) => col.notNull().references("photos.id").onDelete("cascade"))
        .addColumn("after_photo_id", "text", (col) => col.notNull().references("photos.id").onDelete("cascade"))
        .addColumn("position", "integer", (col) => col.notNull())
        .addColumn("caption", "text", (col) => col.notNull())
        .addColumn("created_at", "text", (col) => col.notNull())
        .execute();
      await db.schema.createIndex("project_pairs_project_idx").on("project_pairs").columns(["project_id", "position"]).execute();
    },
    async down(db) {
      await db.schema.dropTable("project_pairs").execute();
      await db.schema.dropIndex("photos_project_idx").execute();
      await db.schema.alterTable("photos").dropColumn("project_position").execute();
      await db.schema.alterTable("photos").dropColumn("project_id").execute();
      await db.schema.dropTable("projects").execute();
    },
  },
  "0016_blob_deletions": {
    async up(db) {
      // Files to remove after their row is gone (ADR 041): a deleted photo's `photos/{id}/`, a
      // rotated photo's old `photos/{id}/v{n}/`. Written in the same transaction as the row's
      // change; removed once the store has deleted the prefix; retried hourly until then.
      await db.schema
        .createTable("blob_deletions")
        .addColumn("prefix", "text", (col) => col.primaryKey().notNull())
        .addColumn("reason", "text", (col) => col.notNull())
        .addColumn("attempts", "integer", (col) => col.notNull())
        .addColumn("last_error", "text")
        .addColumn("created_at", "text", (col) => col.notNull())
        .addColumn("updated_at", "text", (col) => col.notNull())
        .execute();
    },
    async down(db) {
      await db.schema.dropTable("blob_deletions").execute();
    },
  },
  "0017_testimonial_projects": {
    async up(db) {
      // The project a testimonial is about (issue 25, ADR 061): its page is linked from the
      // review; deleting the project keeps the review, on its own.
      await db.schema
        .alterTable("testimonials")
        .addColumn("project_id", "text", (col) => col.references("projects.id").onDelete("set null"))
        .execute();
    },
    async down(db) {
      await db.schema.alterTable("testimonials").dropColumn("project_id").execute();
    },
  },
  "0018_lead_locale": {
    async up(db) {
      // The homeowner's language (ADR 064): the language of the page the request was sent from,
      // "en" or "es". Every email and calendar file to them is in it; earlier requests read English.
      await db.schema
        .alterTable("leads")
        .addColumn("locale", "text", (col) => col.notNull().defaultTo("en"))
        .execute();
    },
    async down(db) {
      await db.schema.alterTable("leads").dropColumn("locale").execute();
    },
  },
  "0019_reply_template_spanish": {
    async up(db) {
      // A reply template's optional Spanish version (ADR 064): used for a homeowner who prefers
      // Spanish when both its subject and message are given; null otherwise.
      await db.schema.alterTable("reply_templates").addColumn("subject_es", "text").execute();
      await db.schema.alterTable("reply_templates").addColumn("body_es", "text").execute();
    },
    async down(db) {
      await db.schema.alterTable("reply_templates").dropColumn("body_es").execute();
      await db.schema.alterTable("reply_templates").dropColumn("subject_es").execute();
    },
  },
  "0020_content_spanish": {
    async up(db) {
      // The owner's own words in Spanish (ADR 064): an optional Spanish version next to each
      // English text a visitor reads. Empty means "not written": the Spanish pages then show the
      // English marked lang="en", and a project or photo without it has no Spanish address.
      const spanish = [
        ["photos", ["caption_es", "alt_es"]],
        ["projects", ["title_es", "description_es"]],
        ["project_pairs", ["caption_es"]],
        ["testimonials", ["quote_es"]],
      ] as const;
      for (const [table, columns] of spanish) {
        for (const column of columns) {
          await db.schema
            .alterTable(table)
            .addColumn(column, "text", (col) => col.notNull().defaultTo(""))
            .execute();
        }
      }
    },
    async down(db) {
      await db.schema.alterTable("testimonials").dropColumn("quote_es").execute();
      await db.schema.alterTable("project_pairs").dropColumn("caption_es").execute();
      await db.schema.alterTable("projects").dropColumn("description_es").execute();
      await db.schema.alterTable("projects").dropColumn("title_es").execute();
      await db.schema.alterTable("photos").dropColumn("alt_es").execute();
      await db.schema.alterTable("photos").dropColumn("caption_es").execute();
    },
  },
  "0021_quotes": {
    async up(db) {
      // Written quotes (issue 27, ADR 066). The builder's draft lives on the quote; each send
      // freezes it as a numbered version; a signature binds to one version (one per version: the
      // database decides a race) and to the SHA-256 of exactly what was shown.
      await db.schema
        .createTable("quotes")
        .addColumn("id", "text", (col) => col.primaryKey().notNull())
        .addColumn("lead_id", "text", (col) => col.notNull().references("leads.id"))
        .addColumn("number", "integer", (col) => col.notNull().unique())
        .addColumn("status", "text", (col) => col.notNull())
        .addColumn("locale", "text", (col) => col.notNull())
        .addColumn("draft", "text", (col) => col.notNull())
        .addColumn("current_version", "integer", (col) => col.notNull())
        .addColumn("token_nonce", "text", (col) => col.notNull())
        .addColumn("token_sha256", "text", (col) => col.notNull().unique())
        .addColumn("created_at", "text", (col) => col.notNull())
        .addColumn("updated_at", "text", (col) => col.notNull())
        .addColumn("sent_at", "text")
        .addColumn("opened_at", "text")
        .addColumn("answered_at", "text")
        .addColumn("signed_at", "text")
        .execute();
      await db.schema.createIndex("quotes_lead_idx").on("quotes").column("lead_id").execute();
      await db.schema.createIndex("quotes_sent_idx").on("quotes").column("sent_at").execute();
      await db.schema
        .createTable("quote_versions")
        .addColumn("id", "text", (col) => col.primaryKey().notNull())
        .addColumn("quote_id", "text", (col) => col.notNull().references("quotes.id"))
        .addColumn("version", "integer", (col) => col.notNull())
        .addColumn("document", "text", (col) => col.notNull())
        .addColumn("notice_texts", "text", (col) => col.notNull())
        .addColumn("created_at", "text", (col) => col.notNull())
        .addUniqueConstraint("quote_versions_number_uq", ["quote_id", "version"])
        .execute();
      await db.schema
        .createTable("quote_signatures")
        .addColumn("id", "text", (col) => col.primaryKey().notNull())
        .addColumn("quote_id", "text", (col) => col.notNull().references("quotes.id"))
        .addColumn("version_id", "text", (col) => col.notNull().unique().references("quote_versions.id"))
        .addColumn("version", "integer", (col) => col.notNull())
        .addColumn("signed_at", "text", (col) => col.notNull())
        .addColumn("consented_at", "text", (col) => col.notNull())
        .addColumn("full_name", "text", (col) => col.notNull())
        .addColumn("mark_kind", "text", (col) => col.notNull())
        .addColumn("mark", "text", (col) => col.notNull())
        .addColumn("selection", "text", (col) => col.notNull())
        .addColumn("totals", "text", (col) => col.notNull())
        .addColumn("document_sha256", "text", (col) => col.notNull())
        .addColumn("ip", "text", (col) => col.notNull())
        .addColumn("user_agent", "text", (col) => col.notNull())
        .addColumn("pdf_key", "text")
        .execute();
      await db.schema.createIndex("quote_signatures_quote_idx").on("quote_signatures").column("quote_id").execute();
      await db.schema
        .createTable("quote_events")
        .addColumn("id", "text", (col) => col.primaryKey().notNull())
        .addColumn("quote_id", "text", (col) => col.notNull().references("quotes.id"))
        .addColumn("lead_id", "text", (col) => col.notNull())
        .addColumn("kind", "text", (col) => col.notNull())
        .addColumn("version", "integer")
        .addColumn("body", "text", (col) => col.notNull())
        .addColumn("created_at", "text", (col) => col.notNull())
        .execute();
      await db.schema.createIndex("quote_events_quote_idx").on("quote_events").columns(["quote_id", "created_at"]).execute();
      await db.schema.createIndex("quote_events_lead_idx").on("quote_events").columns(["lead_id", "created_at"]).execute();
      await db.schema
        .createTable("quote_templates")
        .addColumn("id", "text", (col) => col.primaryKey().notNull())
        .addColumn("kind", "text", (col) => col.notNull())
        .addColumn("name", "text", (col) => col.notNull())
        .addColumn("body", "text", (col) => col.notNull())
        .addColumn("created_at", "text", (col) => col.notNull())
        .addColumn("updated_at", "text", (col) => col.notNull())
        .addUniqueConstraint("quote_templates_name_uq", ["kind", "name"])
        .execute();
    },
    async down(db) {
      await db.schema.dropTable("quote_templates").execute();
      await db.schema.dropTable("quote_events").execute();
      await db.schema.dropTable("quote_signatures").execute();
      await db.schema.dropTable("quote_versions").execute();
      await db.schema.dropTable("quotes").execute();
    },
  },
  "0022_homeowner_links": {
    async up(db) {
      // The homeowner's page (issue 27, ADR 069): one link per email address, its token kept as a
      // nonce (the token is HMAC(secret, nonce)) and the token's SHA-256 (what a request is looked
      // up by). `issued_at` is the last email that carried it; the code that confirms an old link
      // is kept only as a hash, with its expiry and the wrong tries.
      await db.schema
        .createTable("homeowner_links")
        .addColumn("id", "text", (col) => col.primaryKey().notNull())
        .addColumn("email", "text", (col) => col.notNull().unique())
        .addColumn("token_nonce", "text", (col) => col.notNull())
        .addColumn("token_sha256", "text", (col) => col.notNull().unique())
        .addColumn("created_at", "text", (col) => col.notNull())
        .addColumn("issued_at", "text")
        .addColumn("code_sha256", "text")
        .addColumn("code_expires_at", "text")
        .addColumn("code_attempts", "integer", (col) => col.notNull().defaultTo(0))
        .execute();
    },
    async down(db) {
      await db.schema.dropTable("homeowner_links").execute();
    },
  },
  "0023_visit_bookings": {
    async up(db) {
      // The homeowner books the visit (issue 28, ADR 071). A booked visit holds its window by its
      // start (`slot_start`): the unique index is what makes two homeowners unable to hold one
      // window, on both databases (NULLs, the visits the contractor set by hand and the cancelled
      // ones, are never equal). `booked_by` says who chose the time ("homeowner", or NULL).
      await db.schema.alterTable("visits").addColumn("slot_start", "text").execute();
      await db.schema.alterTable("visits").addColumn("booked_by", "text").execute();
      await db.schema.createIndex("visits_slot_uq").on("visits").column("slot_start").unique().execute();
      // The booking link of one request (its own key, so the form's answer never opens the
      // homeowner's whole page): a nonce and the token's SHA-256, like the quote links.
      await db.schema
        .createTable("booking_links")
        .addColumn("lead_id", "text", (col) => col.primaryKey().notNull().references("leads.id").onDelete("cascade"))
        .addColumn("token_nonce", "text", (col) => col.notNull())
        .addColumn("token_sha256", "text", (col) => col.notNull().unique())
        .addColumn("created_at", "text", (col) => col.notNull())
        .execute();
      // The contractor's own calendar's busy times, as last read from its private address: the
      // whole set is replaced at each good read (the read's state is a setting).
      await db.schema
        .createTable("calendar_busy")
        .addColumn("id", "text", (col) => col.primaryKey().notNull())
        .addColumn("starts_at", "text", (col) => col.notNull())
        .addColumn("ends_at", "text", (col) => col.notNull())
        .execute();
      await db.schema.createIndex("calendar_busy_starts_idx").on("calendar_busy").columns(["starts_at"]).execute();
    },
    async down(db) {
      await db.schema.dropTable("calendar_busy").execute();
      await db.schema.dropTable("booking_links").execute();
      await db.schema.dropIndex("visits_slot_uq").execute();
      await db.schema.alterTable("visits").dropColumn("booked_by").execute();
      await db.schema.alterTable("visits").dropColumn("slot_start").execute();
    },
  },
  "0024_mail_suppressions": {
    async up(db) {
      // The addresses that asked not to get some emails (issue 29, "Respect"): one row per address
      // and scope ("reviews", or "all"), kept for good; the outbox skips a suppressible email to a
      // row's address. `email` is lower-cased; `source` says how it came ("one-click", "link", "admin").
      await db.schema
        .createTable("mail_suppressions")
        .addColumn("email", "text", (col) => col.notNull())
        .addColumn("scope", "text", (col) => col.notNull())
        .addColumn("source", "text", (col) => col.notNull())
        .addColumn("created_at", "text", (col) => col.notNull())
        .addPrimaryKeyConstraint("mail_suppressions_pk", ["email", "scope"])
        .execute();
    },
    async down(db) {
      await db.schema.dropTable("mail_suppressions").execute();
    },
  },
  "0025_after_the_job": {
    async up(db) {
      // Issue 29. When a request was first answered (a reply, a visit, a quote sent, a status moved
      // on by the contractor), so a request nobody answered can remind the contractor and the
      // dashboard can show the time to first answer; when the contractor marked the job done.
      await db.schema.alterTable("leads").addColumn("first_answered_at", "text").execute();
      await db.schema.alterTable("leads").addColumn("job_done_at", "text").execute();
      // Requests already answered count as answered at their creation (their real answer time is
      // not known): no reminder for them, and they stay out of the median.
      await db
        .updateTable("leads")
        .set({ first_answered_at: sql`created_at` })
        .where("status", "not in", ["new", "review", "spam"])
        .execute();
      // One review request per finished job: its own key (the review page, the click and the open),
      // the address it goes to (kept when the request is deleted, for the six-month rule and the
      // month's figures), and what happened to it.
      await db.schema
        .createTable("review_requests")
        .addColumn("id", "text", (col) => col.primaryKey().notNull())
        .addColumn("lead_id", "text", (col) => col.references("leads.id").onDelete("set null"))
        .addColumn("email", "text", (col) => col.notNull())
        .addColumn("first_name", "text", (col) => col.notNull())
        .addColumn("locale", "text", (col) => col.notNull())
        .addColumn("token_nonce", "text", (col) => col.notNull())
        .addColumn("token_sha256", "text", (col) => col.notNull().unique())
        // "scheduled", "skipped" (six-month rule, unsubscribed, no review link) or "cancelled".
        .addColumn("status", "text", (col) => col.notNull())
        .addColumn("skip_reason", "text")
        .addColumn("send_at", "text", (col) => col.notNull())
        .addColumn("sent_at", "text")
        .addColumn("reminder_sent_at", "text")
        .addColumn("opened_at", "text")
        .addColumn("clicked_at", "text")
        .addColumn("created_at", "text", (col) => col.notNull())
        .execute();
      await db.schema.createIndex("review_requests_lead_uq").on("review_requests").column("lead_id").unique().execute();
      await db.schema.createIndex("review_requests_email_idx").on("review_requests").columns(["email", "created_at"]).execute();
      // The homeowner's private "tell us how we did": one per review request (sent again, it
      // replaces the first). `consent` 1 when they let the business quote them with their first
      // name and neighbourhood; `testimonial_id` once the owner published it.
      await db.schema
        .createTable("review_feedback")
        .addColumn("id", "text", (col) => col.primaryKey().notNull())
        .addColumn("review_request_id", "text", (col) => col.notNull().unique().references("review_requests.id").onDelete("cascade"))
        .addColumn("rating", "integer", (col) => col.notNull())
        .addColumn("comment", "text", (col) => col.notNull())
        .addColumn("consent", "integer", (col) => col.notNull())
        .addColumn("display_name", "text", (col) => col.notNull())
        .addColumn("place", "text", (col) => col.notNull())
        .addColumn("locale", "text", (col) => col.notNull())
        .addColumn("testimonial_id", "text")
        .addColumn("created_at", "text", (col) => col.notNull())
        .addColumn("updated_at", "text", (col) => col.notNull())
        .execute();
      // Where a testimonial came from: "admin" (typed in) or "feedback" (a homeowner's consenting
      // comment, published by the owner), with that feedback's id.
      await db.schema
        .alterTable("testimonials")
        .addColumn("source", "text", (col) => col.notNull().defaultTo("admin"))
        .execute();
      await db.schema.alterTable("testimonials").addColumn("source_feedback_id", "text").execute();
    },
    async down(db) {
      await db.schema.alterTable("testimonials").dropColumn("source_feedback_id").execute();
      await db.schema.alterTable("testimonials").dropColumn("source").execute();
      await db.schema.dropTable("review_feedback").execute();
      await db.schema.dropTable("review_requests").execute();
      await db.schema.alterTable("leads").dropColumn("job_done_at").execute();
      await db.schema.alterTable("leads").dropColumn("first_answered_at").execute();
    },
  },
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return { ...migrations };
  },
};
