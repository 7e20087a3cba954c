/**
 * What the homeowner's page shows (ADR 069), in the URL's language: the business's name and
 * phone, each request of the address (not spam) with its photos and its visit, the quotes sent
 * on them (never a draft) and the replies sent from the requests' pages. Dates in the site's time
 * zone and money through Intl for the language. Nothing the contractor wrote for themselves
 * (notes, labels, the spam checks, the address's other details) is read.
 */
import { languageTags, type Locale } from "#app/i18n/locale.ts";
import { translator, type MessageKey, type Translate } from "#app/i18n/messages.ts";
import { leadReference, type LeadStatus } from "#app/schemas/lead.ts";
import { QuoteDocumentSchema } from "#app/schemas/quote.ts";
import { optionTotals } from "#app/schemas/quote-money.ts";
import type { HomeownerDeps } from "#app/server/homeowner/deps.server.ts";
import { homeownerPath } from "#app/server/homeowner/rules.server.ts";
import { THUMB_WIDTH } from "#app/server/leads/job-photos/rules.server.ts";
import type { StoredVariant } from "#app/server/leads/job-photos/files.server.ts";
import { linkToken } from "#app/server/quotes/link-token.server.ts";
import { listLeadPhotos } from "#app/server/repos/lead-photos.server.ts";
import { getLatestVisitOfLead } from "#app/server/repos/visits.server.ts";
import {
  listHomeownerLeads,
  listHomeownerQuotes,
  listHomeownerReplies,
  type HomeownerLead,
  type HomeownerLink,
  type HomeownerQuote,
} from "#app/server/repos/homeowner-links.server.ts";
import { visitWhen } from "#app/server/visits/visit-facts.server.ts";
import { visitEndsAt } from "#app/server/visits/rules.server.ts";
import { ensureBookingToken } from "#app/server/booking/link.server.ts";
import { bookingPath, reviewPath } from "#app/server/quotes/paths.server.ts";
import { getReviewRequestOfLead } from "#app/server/repos/review-requests.server.ts";
import { reviewToken } from "#app/server/reviews/review-link.server.ts";
import type { HomeownerPageView, HomeownerQuoteView, HomeownerRequestView } from "#app/schemas/homeowner-page.ts";

export type { HomeownerPageView } from "#app/schemas/homeowner-page.ts";

const statusKeys: Record<LeadStatus, MessageKey> = {
  new: "homeowner.status.received",
  review: "homeowner.status.received",
  contacted: "homeowner.status.contacted",
  scheduled: "homeowner.status.scheduled",
  quoted: "homeowner.status.quoted",
  won: "homeowner.status.won",
  done: "homeowner.status.done",
  lost: "homeowner.status.closed",
  spam: "homeowner.status.closed",
};

export async function homeownerPageView(
  deps: Pick<HomeownerDeps, "database" | "secret" | "site" | "clock">,
  { link, token, locale }: { link: HomeownerLink; token: string; locale: Locale },
): Promise<HomeownerPageView> {
  const db = deps.database.db;
  const t = translator(locale);
  const day = new Intl.DateTimeFormat(languageTags[locale], { dateStyle: "long", timeZone: deps.clock.timeZone });
  const dateOf = (iso: string) => day.format(new Date(iso));
  const [{ profile }, leads] = await Promise.all([deps.site.content(), listHomeownerLeads({ db, email: link.email })]);
  const leadIds = leads.map((lead) => lead.id);
  const [requests, quotes, replies] = await Promise.all([
    Promise.all(leads.map((lead) => requestView(deps, { lead, token, locale, t, dateOf }))),
    listHomeownerQuotes({ db, leadIds }),
    listHomeownerReplies({ db, leadIds }),
  ]);
  return {
    business: { name: profile.name, phone: profile.phone, phoneHref: profile.phoneHref },
    requests,
    quotes: quotes.map((quote) => quoteView(deps.secret, quote, locale, t, dateOf)),
    replies: replies.map((reply) => ({
      id: reply.id,
      subject: reply.subject,
      body: reply.body,
      sent: t("homeowner.reply.date", { date: dateOf(reply.created_at) }),
      dateTime: reply.created_at,
    })),
  };
}

async function requestView(
  deps: Pick<HomeownerDeps, "database" | "clock" | "secret">,
  { lead, token, locale, t, dateOf }: { lead: HomeownerLead; token: string; locale: Locale; t: Translate; dateOf: (iso: string) => string },
): Promise<HomeownerRequestView> {
  const db = deps.database.db;
  const [photos, visit, reviewRequest] = await Promise.all([
    listLeadPhotos({ db, leadId: lead.id }),
    getLatestVisitOfLead({ db, leadId: lead.id }),
    getReviewRequestOfLead({ db, leadId: lead.id }),
  ]);
  const base = `${homeownerPath(locale, token)}/photos/${lead.id}`;
  let visitView = { scheduled: false, text: t("homeowner.visit.none") };
  const ahead = visit !== null && visit.status !== "cancelled" && visitEndsAt(visit) > deps.clock.now().getTime();
  const open = lead.status !== "won" && lead.status !== "lost" && lead.status !== "spam";
  const booking = open
    ? {
        url: bookingPath(locale, await ensureBookingToken({ db, secret: deps.secret, leadId: lead.id, now: deps.clock.now() })),
        label: t(ahead ? "booking.link.change" : "booking.link.home"),
      }
    : null;
  if (visit && visit.status === "pending" && ahead) {
    const when = visitWhen(visit, deps.clock, locale);
    visitView = { scheduled: true, text: t("booking.visit.held", { day: when.day, window: when.window }) };
  } else if (visit) {
    const when = visitWhen(visit, deps.clock, locale);
    visitView =
      visit.status === "scheduled"
        ? { scheduled: true, text: t("mail.visit.dayAndWindow", { day: when.day, window: when.window }) }
        : { scheduled: false, text: t("homeowner.visit.cancelled", { day: when.day }) };
  }
  return {
    id: lead.id,
    reference: t("homeowner.request.reference", { reference: leadReference(lead.id) }),
    sent: t("homeowner.request.sent", { date: dateOf(lead.created_at) }),
    dateTime: lead.created_at,
    subject: lead.subject,
    message: lead.message,
    status: t(statusKeys[lead.status] ?? "homeowner.status.received"),
    photos: photos.map((photo, index) => {
      let thumb: StoredVariant | undefined;
      try {
        thumb = (JSON.parse(photo.variants) as StoredVariant[])[0];
      } catch {
        thumb = undefined;
      }
      return {
        url: `${base}/${photo.id}/thumb`,
        alt: t("homeowner.request.photoAlt", { number: index + 1, name: photo.file_name }),
        width: thumb?.width ?? THUMB_WIDTH,
        height: thumb?.height ?? Math.round((THUMB_WIDTH * photo.master_height) / Math.max(1, photo.master_width)),
      };
    }),
    visit: visitView,
    booking,
    // A finished job's review page, whatever became of its email (a request the owner cancelled is not asked about).
    review:
      reviewRequest && reviewRequest.status !== "cancelled"
        ? { url: reviewPath(locale, reviewToken(deps.secret, reviewRequest)), label: t("review.homeownerLink") }
        : null,
  };
}

/** A quote's total: what was signed, else its options' range as sent (null if the version cannot be read). */
function quoteTotal(quote: HomeownerQuote, money: (cents: number) => string, t: Translate): string | null {
  if (quote.signature) {
    try {
      const totals = JSON.parse(quote.signature.totals) as { totalCents?: unknown };
      if (typeof totals.totalCents === "number") return t("homeowner.quote.total", { total: money(totals.totalCents) });
    } catch {
      // An unreadable stored total is shown as none rather than guessed.
    }
  }
  if (!quote.document) return null;
  let parsed;
  try {
    parsed = QuoteDocumentSchema.safeParse(JSON.parse(quote.document));
  } catch {
    return null;
  }
  if (!parsed.success) return null;
  const totals = optionTotals(parsed.data).map((option) => option.totalCents);
  if (totals.length === 0) return null;
  const low = Math.min(...totals);
  const high = Math.max(...totals);
  return low === high
    ? t("homeowner.quote.total", { total: money(low) })
    : t("homeowner.quote.range", { low: money(low), high: money(high) });
}

function quoteView(
  secret: string,
  quote: HomeownerQuote,
  locale: Locale,
  t: Translate,
  dateOf: (iso: string) => string,
): HomeownerQuoteView {
  const currency = new Intl.NumberFormat(languageTags[locale], { style: "currency", currency: "USD" });
  const money = (cents: number) => currency.format(cents / 100);
  const token = linkToken(secret, "quote", quote.tokenNonce);
  const signed = quote.signature !== null;
  const status = signed
    ? t("homeowner.quote.status.signed", { date: dateOf(quote.signature!.signedAt) })
    : quote.status === "declined"
      ? t("homeowner.quote.status.declined")
      : t("homeowner.quote.status.sent");
  return {
    title: t("homeowner.quote.name", { number: quote.number }),
    sent: t("homeowner.quote.sentOn", { date: dateOf(quote.sentAt) }),
    status,
    total: quoteTotal(quote, money, t),
    url: locale === "es" ? `/es/cotizacion/${token}` : `/quote/${token}`,
    openLabel: t("homeowner.quote.open", { number: quote.number }),
    pdfUrl: signed ? `/quote/${token}/pdf` : null,
  };
}
