/**
 * The contractor's email when a homeowner rates a finished job 3 or less on the private "tell us
 * how we did" (issue 29, `review-feedback`): at once, so they can call while it still helps.
 * English (the admin's language), to the business inbox like the other activity emails; what the
 * homeowner typed is reduced to one line in headers and escaped in HTML. The public review link
 * was on their page all along: this email changes nothing they see.
 */
import { escapeHtml, oneLine, page, telHref, truncate, type OutgoingMail } from "#app/server/mail/message-parts.server.ts";

export function reviewFeedbackMail({
  to,
  from,
  replyTo,
  siteUrl,
  rating,
  comment,
  name,
  phone,
  subject,
  leadId,
  at,
  spanish,
}: {
  to: string;
  from: string;
  /** The homeowner's address, so a reply from the inbox reaches them; null when unusable. */
  replyTo: string | null;
  siteUrl: string;
  /** 1 to 5. */
  rating: number;
  comment: string;
  /** The homeowner's name as the request has it (else the first name they gave). */
  name: string;
  /** Their phone from the request, "" when the request is gone. */
  phone: string;
  /** The request's subject, "" when the request is gone. */
  subject: string;
  /** The request, or null when it was deleted (the link goes to the reviews page then). */
  leadId: string | null;
  /** When it came, in the site's time zone. */
  at: string;
  /** They wrote in Spanish (the page they used was the Spanish one). */
  spanish: boolean;
}): OutgoingMail {
  const site = siteUrl.replace(/\/+$/, "");
  const link = leadId ? `${site}/admin/leads/${leadId}` : `${site}/admin/reviews`;
  const linkLabel = leadId ? "Open the request" : "Open the reviews page";
  const who = oneLine(name) || "A homeowner";
  const headline = `Low rating: ${rating} of 5 from ${who}`;
  const words = comment.trim();
  const tel = telHref(phone);
  const facts: [string, string][] = [
    ["Rating", `${rating} of 5`],
    ...(subject ? ([["Request", oneLine(subject)]] as [string, string][]) : []),
    ["Phone", oneLine(phone) || "none given"],
    ["Received", at],
    ...(spanish ? ([["Language", "Spanish"]] as [string, string][]) : []),
  ];
  const next = "A call soon often turns this around. Their public review link stays on their page whatever they rated.";
  const text = [
    `${who} rated the job ${rating} of 5 on the private feedback form.`,
    "",
    ...facts.map(([label, value]) => `${label}: ${value}`),
    "",
    words ? `Their comment:\n${words}` : "They left no comment.",
    "",
    next,
    `${linkLabel}: ${link}`,
    "",
  ].join("\n");
  const html = page(
    headline,
    [
      `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(headline)}</h1>`,
      `<p style="margin:0 0 12px">${facts
        .map(([label, value]) =>
          label === "Phone" && tel ? `${label}: <a href="${escapeHtml(tel)}">${escapeHtml(value)}</a>` : `${label}: ${escapeHtml(value)}`,
        )
        .join("<br>")}</p>`,
      words
        ? `<blockquote style="margin:0 0 12px;padding:8px 12px;border-left:4px solid #b45309;white-space:pre-wrap">${escapeHtml(words)}</blockquote>`
        : `<p style="margin:0 0 12px">They left no comment.</p>`,
      `<p style="margin:0 0 12px">${escapeHtml(next)}</p>`,
      `<p style="margin:0"><a href="${escapeHtml(link)}">${escapeHtml(linkLabel)}</a></p>`,
    ].join("\n"),
  );
  return {
    to,
    from,
    ...(replyTo ? { replyTo } : {}),
    subject: truncate(oneLine(headline), 200),
    text,
    html,
    template: {
      kind: "review-feedback",
      params: {
        from_name: who,
        email: replyTo ?? "",
        phone: oneLine(phone),
        subject: headline,
        message: words,
        source: link,
        received_at: at,
        to_email: to,
      },
    },
  };
}
