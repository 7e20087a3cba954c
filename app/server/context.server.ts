/**
 * What routes get from the host: the long-lived services, built once in dependency order by
 * `server/build-backend.ts` (config → database → secret → mail, storage, page cache → features), and the
 * per-request values. Each service has a named type, so the editor goes from a use to its code.
 */
import { createContext, type RouterContextProvider } from "react-router";
import type { Mail } from "#app/server/mail/mail.server.ts";
import type { OidcClient } from "#app/server/auth/oidc.server.ts";
import type { Gallery } from "#app/server/gallery/gallery.server.ts";
import type { ProjectPages } from "#app/server/projects/public.server.ts";
import type { ProjectAdmin } from "#app/server/projects/admin.server.ts";
import type { Visits } from "#app/server/visits/visits.server.ts";
import type { Leads } from "#app/server/leads/leads.server.ts";
import type { Quotes } from "#app/server/quotes/quotes.server.ts";
import type { Accounts } from "#app/server/auth/accounts.server.ts";
import type { Backups } from "#app/server/backup/backups.server.ts";
import type { QuoteNoticeTemplates } from "#app/server/quotes/notice-templates.server.ts";
import type { BackendBase } from "#app/server/backend-base.server.ts";
import type { Homeowner } from "#app/server/homeowner/homeowner.server.ts";
import type { Booking } from "#app/server/booking/booking.server.ts";
import type { BusyFeed } from "#app/server/booking/busy-feed.server.ts";
import type { BookingAdmin } from "#app/server/booking/admin-rules.server.ts";
import type { Unsubscribe } from "#app/server/mail/unsubscribe.server.ts";
import type { Reviews } from "#app/server/reviews/reviews.server.ts";
import type { ReviewFeedbackService } from "#app/server/reviews/feedback.server.ts";

/** Long-lived services the host builds once and hands to every request: the shared parts and the features. */
export interface Backend extends BackendBase {
  /** What the admin pages do with the outbox: the test email and 'Resend'. */
  mail: Mail;
  /** Sign-in, sign-up, the setup link, the profile, password reset and the user list (ADR 007, 009, 028). */
  accounts: Accounts;
  /** The dashboard's view of the backups (ADR 022). */
  backups: Backups;
  /** "Continue with Google", when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set; else null. */
  google: OidcClient | null;
  /** The gallery: uploads, publishing, order, covers, and the photos its pages show. */
  gallery: Gallery;
  /** Published projects as the public pages show them (read only; ADR 039). */
  projectPages: ProjectPages;
  /** Projects as the admin makes them: create, fill, order, pair, publish with their drafts (ADR 040). */
  projectAdmin: ProjectAdmin;
  /** Site visits: scheduling, moving, cancelling, the visits page and the calendar feed (ADR 033). */
  visits: Visits;
  /** Estimate requests: the form's action, the inbox and desk, photos of the job, replies and their templates. */
  leads: Leads;
  /** Written quotes: the builder, sending, the homeowner's quote page and signature, the signed PDF (ADR 066). */
  quotes: Quotes;
  /** The Texas notices' words the contractor edits, laid over the defaults (ADR 067). */
  quoteNotices: QuoteNoticeTemplates;
  /** The homeowner's own page: its link, the code after 14 days, what it shows (ADR 069). */
  homeowner: Homeowner;
  /** The homeowner books the visit's window; the contractor confirms it (ADR 071). */
  booking: Booking;
  /** The contractor's own calendar read as busy times, every few minutes (ADR 071). */
  busyFeed: BusyFeed;
  /** The online booking page: the booking rules and the calendar's address (ADR 071). */
  bookingAdmin: BookingAdmin;
  /** "Stop these emails": the unsubscribe link's page and the mail client's one-click POST (issue 29). */
  unsubscribe: Unsubscribe;
  /** After "Job done": the review requests' settings, a request's review request, the counted review link and image (issue 29). */
  reviews: Reviews;
  /** After the job: the review page and its private feedback, a low rating's alert, the reviews page (issue 29). */
  reviewFeedback: ReviewFeedbackService;
}

/** Per-request values set by the host. */
export interface RequestInfo {
  /** CSP nonce for inline scripts rendered in this response. */
  nonce: string;
  requestId: string;
  /** The client's address (behind TRUST_PROXY proxies, the forwarded one). */
  clientIp: string;
}

export const backendContext = createContext<Backend>();
export const requestContext = createContext<RequestInfo>({ nonce: "", requestId: "", clientIp: "" });

export function getBackend(context: Readonly<RouterContextProvider>): Backend {
  return context.get(backendContext);
}
