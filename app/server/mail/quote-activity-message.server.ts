/**
 * The contractor's email when a homeowner acts on a quote (issue 27): opened, asked a question,
 * asked for changes, or signed. English (the admin's language), to the business inbox, with a
 * link to the request's page; the homeowner's words are quoted whole, escaped in HTML.
 */
import { escapeHtml, oneLine, page, truncate, type OutgoingMail } from "#app/server/mail/message-parts.server.ts";

export type QuoteActivityKind = "opened" | "question" | "changes" | "signed";

const headlines: Record<QuoteActivityKind, string> = {
  opened: "opened",
  question: "has a question about",
  changes: "asked for changes to",
  signed: "signed",
};

const nextSteps: Record<QuoteActivityKind, string> = {
  opened: "They are reading it now: a good moment for a friendly call.",
  question: "Answer by phone or email; a quick answer wins jobs.",
  changes: "Make the changes in the builder and send a new version: it will need a new signature.",
  signed: "The signed PDF is made and sent to both of you. Call to schedule the work.",
};

export function quoteActivityMail({
  to,
  from,
  replyTo,
  siteUrl,
  kind,
  number,
  version,
  homeowner,
  subject,
  leadId,
  body,
  when,
}: {
  to: string;
  from: string;
  /** The homeowner's address, so a reply from the inbox reaches them; null when unusable. */
  replyTo: string | null;
  siteUrl: string;
  kind: QuoteActivityKind;
  number: number;
  version: number;
  homeowner: string;
  /** The request's subject. */
  subject: string;
  leadId: string;
  /** The homeowner's words for a question or changes; "" otherwise. */
  body: string;
  /** When it happened, in the site's time zone. */
  when: string;
}): OutgoingMail {
  const link = `${siteUrl.replace(/\/+$/, "")}/admin/leads/${leadId}`;
  const name = oneLine(homeowner) || "The homeowner";
  const headline = `${name} ${headlines[kind]} quote ${number} (version ${version})`;
  const text = [
    `${headline}.`,
    `Request: ${oneLine(subject)}`,
    `When: ${when}`,
    ...(body ? ["", "Their message:", body] : []),
    "",
    nextSteps[kind],
    `Open the request: ${link}`,
    "",
  ].join("\n");
  const html = page(
    headline,
    [
      `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(headline)}</h1>`,
      `<p style="margin:0 0 8px">Request: ${escapeHtml(oneLine(subject))}<br>When: ${escapeHtml(when)}</p>`,
      body
        ? `<blockquote style="margin:12px 0;padding:8px 12px;border-left:4px solid #1f3a5f;white-space:pre-line">${escapeHtml(body)}</blockquote>`
        : "",
      `<p style="margin:0 0 12px">${escapeHtml(nextSteps[kind])}</p>`,
      `<p style="margin:0"><a href="${escapeHtml(link)}">Open the request</a></p>`,
    ].join("\n"),
  );
  return {
    to,
    from,
    ...(replyTo ? { replyTo } : {}),
    subject: truncate(headline, 200),
    text,
    html,
    template: {
      kind: "quote-activity",
      params: {
        from_name: name,
        email: replyTo ?? "",
        phone: "",
        subject: headline,
        message: body,
        source: link,
        received_at: when,
        to_email: to,
      },
    },
  };
}
