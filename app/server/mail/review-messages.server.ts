/**
 * A finished job's review request and its one reminder (issue 29), to the homeowner, in their
 * language, in the layout of every homeowner email. Both carry the same ONE button to the public
 * review link (counted, then sent on to the review site: the same address for every customer),
 * a quieter link to tell the business privately how it went, the business's name and phone, a
 * 1×1 image that counts the opening, and the unsubscribe link with its List-Unsubscribe headers
 * (RFC 8058). Nothing in them depends on how the homeowner feels: no question comes first that
 * could decide who sees the public link ("review gating", 16 CFR 465; Google's policy).
 *
 * Pure functions, like quote-messages.server.ts: the result is stored as JSON in
 * `email_jobs.payload` when the job is marked done, and the outbox sends it when it is due.
 */
import type { EmailJobKind } from "#app/schemas/email-job.ts";
import { SOMETHING_ELSE } from "#app/schemas/estimate-rules.ts";
import { escapeHtml, oneLine, truncate, type MailProfile, type OutgoingMail } from "#app/server/mail/messages.server.ts";
import { homeownerPage, homeownerText } from "#app/server/mail/homeowner-layout.server.ts";
import type { Locale } from "#app/i18n/locale.ts";
import { translator } from "#app/i18n/messages.ts";
import { localSubject } from "#app/i18n/service-names.ts";

export type ReviewMailKind = Extract<EmailJobKind, "review-request" | "review-reminder">;

export interface ReviewMailFacts {
  kind: ReviewMailKind;
  to: string;
  from: string;
  /** The lead inbox: a homeowner who answers the email reaches the business. */
  replyTo?: string;
  /** The homeowner's first name ("" when not known: a plain greeting). */
  firstName: string;
  /** What the job was: the request's "What do you need?" as posted (a service's English name, or their words). */
  service: string;
  business: MailProfile;
  /** PUBLIC_URL: the header links to the site and shows the logo from it. */
  siteUrl: string;
  locale: Locale;
  /** The public review link (reviewGoUrl): counts the click, then goes to the review site. */
  reviewLink: string;
  /** The review page (reviewPageUrl): "Or tell us privately how we did". */
  privateLink: string;
  /** The 1×1 image (reviewSeenUrl). */
  seenImage: string;
  /** The unsubscribe page (scope "reviews") and the headers that carry it. */
  unsubscribe: { url: string; headers: Record<string, string> };
}

/** The job's name in the homeowner's language, or null for "Something else" and no words at all. */
function serviceWords(service: string, locale: Locale): string | null {
  const words = oneLine(service);
  if (words === "" || words === SOMETHING_ELSE) return null;
  return truncate(oneLine(localSubject(locale, words)), 80);
}

/** What the text and the HTML both say, worked out once, in the homeowner's language. */
function mailParts(facts: ReviewMailFacts) {
  const t = translator(facts.locale);
  const firstName = oneLine(facts.firstName).split(" ")[0] ?? "";
  const business = oneLine(facts.business.name);
  const service = serviceWords(facts.service, facts.locale);
  const isReminder = facts.kind === "review-reminder";
  return {
    t,
    subject: truncate(oneLine(t(isReminder ? "reviewMail.subject.reminder" : "reviewMail.subject.request", { business })), 200),
    greeting: firstName ? t("mail.greeting.named", { name: firstName }) : t("mail.greeting.plain"),
    // The request thanks them for the job and asks; the reminder, shorter, asks once more.
    lines: isReminder
      ? [t("reviewMail.reminder.lead")]
      : [service ? t("reviewMail.thanks.service", { service }) : t("reviewMail.thanks.plain"), t("reviewMail.ask")],
    last: isReminder ? t("reviewMail.reminder.last") : null,
    questions: (phone: string) => t("reviewMail.questions", { phone }),
  };
}

type MailParts = ReturnType<typeof mailParts>;

function mailText(facts: ReviewMailFacts, parts: MailParts): string {
  const { t } = parts;
  return [
    parts.greeting,
    "",
    ...parts.lines.flatMap((line) => [line, ""]),
    t("reviewMail.linkIntro"),
    facts.reviewLink,
    "",
    `${t("reviewMail.private")}:`,
    facts.privateLink,
    "",
    parts.questions(facts.business.phone),
    ...(parts.last ? [parts.last] : []),
    "",
    facts.business.name,
    "",
    "--",
    t("reviewMail.why"),
    `${t("reviewMail.unsubscribe")} ${facts.unsubscribe.url}`,
    "",
  ].join("\n");
}

function mailHtml(facts: ReviewMailFacts, parts: MailParts): string {
  const { t } = parts;
  const { business } = facts;
  const phone = business.phoneHref
    ? `<a href="${escapeHtml(business.phoneHref)}">${escapeHtml(business.phone)}</a>`
    : escapeHtml(business.phone);
  const questions = escapeHtml(parts.questions("\u0001")).replace("\u0001", phone);
  // One bulletproof button (a link styled as one, readable with images and styles blocked).
  const button = `<p style="margin:20px 0"><a href="${escapeHtml(facts.reviewLink)}" style="display:inline-block;background-color:#1f3a5f;color:#ffffff;font-weight:bold;text-decoration:none;padding:12px 20px;border-radius:6px;font-family:Arial,Helvetica,sans-serif;font-size:16px">${escapeHtml(t("reviewMail.button"))}</a></p>`;
  return homeownerPage(
    parts.subject,
    [
      `<p>${escapeHtml(parts.greeting)}</p>`,
      ...parts.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      button,
      `<p><a href="${escapeHtml(facts.privateLink)}">${escapeHtml(t("reviewMail.private"))}</a></p>`,
      `<p>${questions}</p>`,
      ...(parts.last ? [`<p>${escapeHtml(parts.last)}</p>`] : []),
      `<p>${escapeHtml(business.name)}</p>`,
      `<p style="font-size:13px;color:#555;margin-top:24px">${escapeHtml(t("reviewMail.why"))} ${escapeHtml(t("reviewMail.unsubscribe"))} <a href="${escapeHtml(facts.unsubscribe.url)}" style="color:#555">${escapeHtml(t("reviewMail.unsubscribeLink"))}</a></p>`,
      `<img src="${escapeHtml(facts.seenImage)}" width="1" height="1" alt="" style="display:block;border:0;width:1px;height:1px">`,
    ].join("\n"),
    { name: business.name, siteUrl: facts.siteUrl, locale: facts.locale },
  );
}

/** One review email, text and HTML, with the List-Unsubscribe headers. */
export function reviewMail(facts: ReviewMailFacts): OutgoingMail {
  const parts = mailParts(facts);
  const text = mailText(facts, parts);
  const { business } = facts;
  return {
    to: oneLine(facts.to),
    from: facts.from,
    ...(facts.replyTo ? { replyTo: oneLine(facts.replyTo) } : {}),
    subject: parts.subject,
    text: homeownerText(text, { name: business.name, siteUrl: facts.siteUrl }),
    html: mailHtml(facts, parts),
    headers: { ...facts.unsubscribe.headers },
    template: {
      kind: facts.kind,
      params: {
        from_name: facts.firstName,
        email: facts.to,
        to_email: facts.to,
        subject: parts.subject,
        // An EmailJS template has its own header: the message alone (no template is mapped today).
        message: text,
        company_name: business.name,
        company_phone: business.phone,
        company_email: business.publicEmail,
      },
    },
  };
}
