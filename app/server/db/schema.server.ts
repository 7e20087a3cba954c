/**
 * The database schema as Kysely sees it: one interface per table.
 *
 * Keep this in step with `migrations.server.ts`. Only portable column types are used (text,
 * integer), so the same shapes hold on SQLite and PostgreSQL. Timestamps are ISO-8601 UTC
 * strings written by the application (`new Date().toISOString()`), never database defaults.
 * The words stored in status and kind columns live in `app/schemas/`, which pages import too.
 */
import type { LeadStatus } from "#app/schemas/lead.ts";
import type { EmailJobKind, EmailJobStatus } from "#app/schemas/email-job.ts";
import type { UserRole } from "#app/schemas/account.ts";
import type { PhotoStatus } from "#app/schemas/photo.ts";
import type { Locale } from "#app/i18n/locale.ts";
import type { ProjectStatus } from "#app/schemas/project.ts";
import type { QuoteEventKind, QuoteStatus } from "#app/schemas/quote.ts";

/** `settings`: small site-wide key/value settings. `value` is JSON text. */
export interface SettingsTable {
  key: string;
  /** JSON-encoded value (`JSON.stringify`); read it through `repos/settings.server.ts`. */
  value: string;
  /** ISO-8601 UTC timestamp of the last write, e.g. `2026-11-22T00:00:00.000Z`. */
  updated_at: string;
}

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
  /** 1 when the spam checks caught it (honeypot, missing or forged token): kept, flagged, never emailed. */
  is_spam: number;
  spam_reason: string | null;
  /** The page the form was sent from, e.g. "/contact". */
  source: string;
  /** HMAC of the sender's IP address: enough to spot floods, not a stored address. */
  ip_hash: string | null;
  user_agent: string | null;
  /** The account that was signed in when the request was sent (0003), if any. */
  user_id: string | null;
  /**
   * Why the request needs a look before it is trusted (0008): sent too fast, or with an expired or
   * reused form token. Set with status "review"; kept when the admin changes the status.
   */
  review_reason: string | null;
  /** A hash of the form token it was sent with (0008), to see the same token used again. */
  form_token_hash: string | null;
  /** Optional details the form asks (0009): a 5-digit ZIP code, the street address, how and when to reach them. */
  zip: string | null;
  street_address: string | null;
  /** "call", "text" or "email" (app/schemas/estimate.ts). */
  contact_method: string | null;
  best_time: string | null;
  /** 1 when the ZIP is in the business's service area, 0 when not, null without a ZIP (0009). */
  in_service_area: number | null;
  /** Where the visit came from (0009): its first page on the site, the referring site, the utm_* tags. */
  landing_page: string | null;
  referrer: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  /** The homeowner's language (0018): "en" or "es", the language of the page the form was on. */
  locale: Locale;
  /**
   * When the contractor first answered it (0025, issue 29): a reply, a visit, a quote sent, or the
   * status moved on by hand. Null while nobody has; set once, never moved.
   */
  first_answered_at: string | null;
  /** When the contractor marked the job done (0025): the review request is counted from here. */
  job_done_at: string | null;
}

/**
 * What the image pipeline (ADR 011) stores of a converted upload, the same for gallery photos and
 * the homeowner's photos of the job (whose keys are under their own, private prefix).
 */
interface ConvertedImageColumns {
  /** Upright size of the upload, in pixels. */
  width: number;
  height: number;
  /** The JPEG master's key and size. */
  master_key: string;
  master_width: number;
  master_height: number;
  /** JSON array of `{ format, width, height, key, bytes }`: the AVIF and WebP display variants. */
  variants: string;
}

/**
 * `lead_photos` (0009): the homeowner's photos of the job, sent with the request. Private: stored
 * under their own key prefix, served only to admins, never under /media; deleted with the lead.
 */
export interface LeadPhotosTable extends ConvertedImageColumns {
  id: string;
  lead_id: string;
  /** The order the homeowner chose them in, from 0. */
  position: number;
  /** The name the file had on the phone (shown to the contractor), cleaned. */
  file_name: string;
  source_type: string;
  source_bytes: number;
  created_at: string;
}

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

/** `users`: accounts. New accounts are customers; only an admin (or the operator) makes admins. */
export interface UsersTable {
  id: string;
  /** Lower-cased; unique. */
  email: string;
  name: string;
  /** argon2id PHC string; null for an account that only signs in with Google. */
  password_hash: string | null;
  role: UserRole;
  /** 1 when the address is known to belong to the person (Google said so). */
  email_verified: number;
  /** Google's stable subject id, once the account has signed in with Google. */
  google_sub: string | null;
  created_at: string;
  updated_at: string;
}

/** `sessions`: one row per signed-in browser. Only a hash of the cookie's id is stored. */
export interface SessionsTable {
  /** SHA-256 (hex) of the random id in the cookie. */
  id_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
  user_agent: string | null;
}

/**
 * `rate_limit_hits` (0006): one row per counted attempt, shared by every app instance. Written
 * and counted only through `repos/rate-limits.server.ts`, which checks and records atomically.
 */
export interface RateLimitHitsTable {
  id: string;
  /** What is limited and for whom: `<kind>:<keyed hash>`, e.g. `lead-ip:…`, `sign-in-account:…`. */
  bucket: string;
  created_at: string;
  /** When the hit leaves its window; the housekeeping sweep deletes rows past it. */
  expires_at: string;
}

/** `lead_notes`: the contractor's internal notes on an estimate request. */
export interface LeadNotesTable {
  id: string;
  lead_id: string;
  author_id: string | null;
  body: string;
  created_at: string;
}

/** `photos`: the gallery. Files live in the BlobStore under `photos/{id}/v{version}/`; rows keep their keys. */
export interface PhotosTable extends ConvertedImageColumns {
  id: string;
  /** A draft is uploaded but not yet published; drafts older than DRAFT_MAX_AGE_HOURS are removed. */
  status: PhotoStatus;
  /** Part of every key: a new version of the files gets new keys, so each key can be cached forever. */
  version: number;
  /** A service slug (app/schemas/content.ts). */
  category: string;
  caption: string;
  /** Text for people who cannot see the photo; required before publishing. */
  alt: string;
  /** The Spanish caption and alt text (0020, ADR 064); "" when not written. */
  caption_es: string;
  alt_es: string;
  /** Published photos are shown by ascending sort_order. */
  sort_order: number;
  /** A data: URL of a tiny WebP, blurred while a variant loads. */
  placeholder: string;
  /** What the upload's bytes said it was (jpeg, png, heic…). */
  source_type: string;
  source_bytes: number;
  uploaded_by: string | null;
  created_at: string;
  updated_at: string;
  published_at: string | null;
  /** The project this photo is part of (0015), if any, and its place in the project's story from 0. */
  project_id: string | null;
  project_position: number | null;
}

/** `service_covers`: the photo an admin picked as a service page's cover. */
export interface ServiceCoversTable {
  service: string;
  photo_id: string;
  updated_at: string;
}

/** `site_profile`: the business profile (one row, id "main"); `data` is JSON. */
export interface SiteProfileTable {
  id: string;
  /** JSON of the profile fields the owner saved; read through repos/site-profile.server.ts. */
  data: string;
  updated_at: string;
  updated_by: string | null;
}

/** `site_texts`: an editable text the owner changed, per language; no row means the default. */
export interface SiteTextsTable {
  key: string;
  /** "en" today; "es" when the Spanish site comes. */
  locale: string;
  value: string;
  updated_at: string;
  updated_by: string | null;
}

/** `testimonials`: customer reviews the owner shows, in `position` order. */
export interface TestimonialsTable {
  id: string;
  quote: string;
  /** The quote in Spanish (0020, ADR 064), as the customer said it or translated by the owner; "" when not written. */
  quote_es: string;
  name: string;
  place: string;
  /** A service slug, or null for the business as a whole. */
  service: string | null;
  /** "YYYY-MM-DD". */
  given_on: string;
  link: string | null;
  /** The project the review is about; set to null when the project is deleted. */
  project_id: string | null;
  position: number;
  created_at: string;
  updated_at: string;
  /** Where it came from (0025): "admin" (typed in) or "feedback" (a homeowner's consenting comment the owner published). */
  source: string;
  /** The `review_feedback` row it was published from, when `source` is "feedback". */
  source_feedback_id: string | null;
}

/** `site_photos`: the published photo chosen for a slot ("hero", "about"). */
export interface SitePhotosTable {
  slot: string;
  photo_id: string;
  updated_at: string;
}

/** Counters every instance polls to learn of changes made elsewhere (ADR 021). */
export interface ChangeCountersTable {
  name: string;
  value: number;
  updated_at: string;
}

/** `password_reset_tokens` (0010): "forgot password" links. Only a hash of the token is stored. */
export interface PasswordResetTokensTable {
  /** SHA-256 (hex) of the random token in the emailed link. */
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  /** When the link was used; a used link never works again. */
  used_at: string | null;
}

/** `reply_templates`: saved replies (/admin/replies), with `{placeholders}` (schemas/reply.ts). */
export interface ReplyTemplatesTable {
  id: string;
  name: string;
  subject: string;
  body: string;
  /** The Spanish version (0019), both or neither: sent to a homeowner who prefers Spanish. */
  subject_es: string | null;
  body_es: string | null;
  created_at: string;
  updated_at: string;
}

/** `lead_replies`: replies sent from a request's page; the delivery is the email job's. */
export interface LeadRepliesTable {
  id: string;
  lead_id: string;
  /** Null only if the job was removed while the reply stays (not done today). */
  email_job_id: string | null;
  /** Null when the author's account was deleted. */
  author_id: string | null;
  recipient: string;
  subject: string;
  body: string;
  created_at: string;
}

/** `push_subscriptions` (0013): an admin's browser that receives Web Push alerts of new leads. */
export interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  /** The push service's URL for this browser (https; unique: a browser subscribes once). */
  endpoint: string;
  /** The browser's P-256 public key and auth secret (base64url), to encrypt for it. */
  p256dh: string;
  auth: string;
  /** A short label of the browser ("Chrome on Android"), for the list of devices. */
  user_agent: string | null;
  created_at: string;
  last_success_at: string | null;
  /** The last failure the push service gave, if any (cleared by a success). */
  last_error: string | null;
}

/** `push_jobs` (0013): one alert waiting to be pushed to one subscription (deleted when done). */
export interface PushJobsTable {
  id: string;
  /** The new lead it tells of; null for none. */
  lead_id: string | null;
  subscription_id: string;
  /** The notification as JSON: { title, body, url, tag }. */
  payload: string;
  attempts: number;
  created_at: string;
  next_attempt_at: string;
  /** The worker holding it and until when (a lease, as for email_jobs). */
  locked_by: string | null;
  locked_until: string | null;
  last_error: string | null;
}

/** `quotes` (0021, ADR 066): a written quote on a request; its draft, and the number of its last sent version. */
export interface QuotesTable {
  id: string;
  lead_id: string;
  /** Shown as "Quote 1042": one more than the highest so far, unique. */
  number: number;
  status: QuoteStatus;
  /** The homeowner's language when the quote was made: its page, emails and PDF use it. */
  locale: Locale;
  /** JSON of the builder's QuoteDocument (app/schemas/quote.ts), edited until the next send. */
  draft: string;
  /** The last sent version's number; 0 before the first send. */
  current_version: number;
  /** The link's token is HMAC(secret, nonce): replacing the link is a new nonce (the old link then 404s). */
  token_nonce: string;
  /** SHA-256 (hex) of the token, what a request's token is looked up by. */
  token_sha256: string;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
  /** The first time the homeowner opened the quote's page after it was sent. */
  opened_at: string | null;
  /** The homeowner's first answer (a question, a change asked, a signature): stops the follow-ups. */
  answered_at: string | null;
  signed_at: string | null;
}

/** `quote_versions` (0021): what was sent, frozen: the document and the notices' words as they were. */
export interface QuoteVersionsTable {
  id: string;
  quote_id: string;
  /** 1, 2, …: unique per quote. */
  version: number;
  /** JSON of the QuoteDocument as sent. */
  document: string;
  /** JSON of the Texas notices' titles and texts as sent, in the quote's language (ADR 067). */
  notice_texts: string;
  created_at: string;
}

/** `quote_signatures` (0021): one per version at most (unique `version_id`), never changed once written. */
export interface QuoteSignaturesTable {
  id: string;
  quote_id: string;
  version_id: string;
  version: number;
  signed_at: string;
  /** When the homeowner agreed to sign and receive the records electronically (the ESIGN consent). */
  consented_at: string;
  /** The full name they typed. */
  full_name: string;
  /** "none", "drawn" (with a finger or a mouse) or "keyboard" (the typed name as the mark). */
  mark_kind: string;
  /** The drawn mark as SVG path data; "" without one. */
  mark: string;
  /** JSON of the QuoteSelection signed. */
  selection: string;
  /** JSON of the QuoteTotals signed (app/schemas/quote-money.ts). */
  totals: string;
  /** SHA-256 (hex) of exactly what was shown when they signed. */
  document_sha256: string;
  /** The client's address and browser, as the server saw them. */
  ip: string;
  user_agent: string;
  /** The signed PDF's blob key, once made. */
  pdf_key: string | null;
}

/** `quote_events` (0021): a quote's history (sent, opened, a question, a change asked, signed, a follow-up). */
export interface QuoteEventsTable {
  id: string;
  quote_id: string;
  lead_id: string;
  kind: QuoteEventKind;
  version: number | null;
  /** The homeowner's words for a question or a change asked; "" otherwise. */
  body: string;
  created_at: string;
}

/** `quote_templates` (0021): a saved line ("item") or a whole quote for a common job ("quote"). */
export interface QuoteTemplatesTable {
  id: string;
  kind: "item" | "quote";
  name: string;
  /** JSON: a QuoteLine for an item, a QuoteDocument for a quote. */
  body: string;
  created_at: string;
  updated_at: string;
}

/**
 * `homeowner_links` (0022, ADR 069): the key to a homeowner's own page, one per email address.
 * The token is HMAC(secret, nonce); a new nonce replaces the link and the old one answers 404.
 */
export interface HomeownerLinksTable {
  id: string;
  /** Lower-cased; unique. */
  email: string;
  token_nonce: string;
  /** SHA-256 (hex) of the token; unique. */
  token_sha256: string;
  created_at: string;
  /** The last time an email carrying the link was sent; null before the first. */
  issued_at: string | null;
  /** HMAC of the 6-digit code last emailed, while one is waiting; null otherwise. */
  code_sha256: string | null;
  code_expires_at: string | null;
  /** Wrong codes typed since the last code was sent. */
  code_attempts: number;
}

export interface DB {
  settings: SettingsTable;
  leads: LeadsTable;
  lead_photos: LeadPhotosTable;
  email_jobs: EmailJobsTable;
  users: UsersTable;
  sessions: SessionsTable;
  rate_limit_hits: RateLimitHitsTable;
  lead_notes: LeadNotesTable;
  photos: PhotosTable;
  service_covers: ServiceCoversTable;
  site_profile: SiteProfileTable;
  site_texts: SiteTextsTable;
  testimonials: TestimonialsTable;
  site_photos: SitePhotosTable;
  change_counters: ChangeCountersTable;
  password_reset_tokens: PasswordResetTokensTable;
  push_subscriptions: PushSubscriptionsTable;
  push_jobs: PushJobsTable;
  reply_templates: ReplyTemplatesTable;
  lead_replies: LeadRepliesTable;
  quotes: QuotesTable;
  quote_versions: QuoteVersionsTable;
  quote_signatures: QuoteSignaturesTable;
  quote_events: QuoteEventsTable;
  quote_templates: QuoteTemplatesTable;
  visits: VisitsTable;
  photo_imports: PhotoImportsTable;
  projects: ProjectsTable;
  project_pairs: ProjectPairsTable;
  blob_deletions: BlobDeletionsTable;
  homeowner_links: HomeownerLinksTable;
  booking_links: BookingLinksTable;
  calendar_busy: CalendarBusyTable;
  mail_suppressions: MailSuppressionsTable;
  review_requests: ReviewRequestsTable;
  review_feedback: ReviewFeedbackTable;
}

export type ReviewRequestStatus = "scheduled" | "skipped" | "cancelled";

/**
 * `review_requests` (0025, issue 29): the one review request of a finished job. `lead_id` is null
 * once the request is deleted (the row stays for the six-month rule and the month's figures).
 */
export interface ReviewRequestsTable {
  id: string;
  lead_id: string | null;
  /** Lower-cased. */
  email: string;
  first_name: string;
  locale: Locale;
  token_nonce: string;
  token_sha256: string;
  status: ReviewRequestStatus;
  /** Why it was not sent, in the admin's words, when `status` is "skipped" or "cancelled". */
  skip_reason: string | null;
  /** When the request email is due (the job's end plus the contractor's delay). */
  send_at: string;
  sent_at: string | null;
  reminder_sent_at: string | null;
  /** First time the email's image was loaded (an estimate: many mail apps block or preload images). */
  opened_at: string | null;
  /** First time the public review link was followed (from an email or the review page). */
  clicked_at: string | null;
  created_at: string;
}

/** `review_feedback` (0025, issue 29): the homeowner's private rating and comment, one per review request. */
export interface ReviewFeedbackTable {
  id: string;
  review_request_id: string;
  /** 1 to 5. */
  rating: number;
  comment: string;
  /** 1 when they ticked "you may quote me with my first name and neighbourhood". */
  consent: number;
  /** The first name they agreed to show. */
  display_name: string;
  /** Their neighbourhood, as they wrote it ("" when not given). */
  place: string;
  locale: Locale;
  /** The testimonial the owner published from it, or null. */
  testimonial_id: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * `blob_deletions` (0016, ADR 041): stored files whose row no longer points at them, waiting to
 * be removed from the blob store (retried until the store has done it).
 */
export interface BlobDeletionsTable {
  /** A key prefix ending in "/", e.g. `photos/{id}/` or `photos/{id}/v1/`. */
  prefix: string;
  /** Why: "photo-deleted" or "photo-rotated". */
  reason: string;
  attempts: number;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

/** `projects` (0015, ADR 039): a job told as a story, with its photos and before/after pairs. */
export interface ProjectsTable {
  id: string;
  /** The address part: /projects/{slug}. Follows the title while a draft; fixed once published. */
  slug: string;
  status: ProjectStatus;
  title: string;
  /** A service slug (app/schemas/content.ts). */
  service: string;
  /** A neighbourhood or city ("Heights, Houston"): never a street address. */
  place: string;
  /** The month the job was finished, "YYYY-MM"; lists are newest first by it. */
  finished_on: string;
  description: string;
  /** The Spanish title and story (0020, ADR 064); "" when not written: the project then has no Spanish page. */
  title_es: string;
  description_es: string;
  /** A photo of the project shown on cards and as the Open Graph image; null for the first photo. */
  cover_photo_id: string | null;
  created_at: string;
  updated_at: string;
  published_at: string | null;
}

/** `project_pairs` (0015): a before and an after photo of one project, shown as a slider. */
export interface ProjectPairsTable {
  id: string;
  project_id: string;
  before_photo_id: string;
  after_photo_id: string;
  /** Order on the project's page, from 0. */
  position: number;
  /** What changed, e.g. "The kitchen wall opened up"; may be empty. */
  caption: string;
  /** The caption in Spanish (0020); "" when not written. */
  caption_es: string;
  created_at: string;
}

/** `photo_imports`: a Firebase gallery document brought over as a draft (migration 0014, ADR 035). */
export interface PhotoImportsTable {
  /** The Firestore document id (`images/<id>`). */
  source_id: string;
  /** The photo it became (or, for a duplicate file, the photo it matched); it may since be deleted. */
  photo_id: string | null;
  /** Where the file came from: its `imageFile` URL. */
  source_url: string;
  /** SHA-256 (hex) of the file's bytes: the same file under another id is imported once. */
  content_sha256: string;
  imported_at: string;
}

/** "pending": a homeowner's booking holding its window until the contractor confirms it (ADR 071). */
export type VisitStatus = "pending" | "scheduled" | "cancelled";

/** `visits`: a site visit on an estimate request (issue 15, item 4; ADR 033). */
export interface VisitsTable {
  id: string;
  lead_id: string;
  /** ISO-8601 UTC start of the arrival window. */
  starts_at: string;
  /** Length of the arrival window, in minutes. */
  minutes: number;
  status: VisitStatus;
  /** iCalendar SEQUENCE: 0 when scheduled, one more at each reschedule or the cancel. */
  sequence: number;
  /** iCalendar UID, `<visit id>@<site host>`: the same for every invitation of this visit. */
  uid: string;
  note: string | null;
  /** The pending reminder's email job, replaced when the visit changes. */
  reminder_job_id: string | null;
  created_at: string;
  updated_at: string;
  /** The booked window's start (ISO-8601 UTC) while a homeowner's booking holds it; unique (0023, ADR 071). */
  slot_start: string | null;
  /** "homeowner" when the homeowner chose the time online; null when the contractor set it. */
  booked_by: string | null;
}

/** `booking_links` (0023, ADR 071): the key to one request's booking page. */
export interface BookingLinksTable {
  lead_id: string;
  token_nonce: string;
  token_sha256: string;
  created_at: string;
}

/** `calendar_busy` (0023, ADR 071): the busy times last read from the contractor's own calendar. */
export interface CalendarBusyTable {
  id: string;
  starts_at: string;
  ends_at: string;
}

/** `mail_suppressions` (0024, issue 29): an address that asked not to get one scope of emails (or "all"). */
export interface MailSuppressionsTable {
  /** Lower-cased. */
  email: string;
  /** "reviews", … or "all". */
  scope: string;
  /** How it came: "one-click" (the mail client's button), "link" (the page's button) or "admin". */
  source: string;
  created_at: string;
}
