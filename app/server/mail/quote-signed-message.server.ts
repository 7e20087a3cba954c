/**
 * The homeowner's signed copy (issue 27 item 5): sent once a quote is signed, in the homeowner's
 * language, with the signed PDF attached by reference (the outbox reads it when it sends, ADR 066),
 * the quote page's address to download it again, and the right to a paper copy at no charge.
 */
import {
  escapeHtml,
  oneLine,
  truncate,
  type MailAttachmentRef,
  type MailProfile,
  type OutgoingMail,
} from "#app/server/mail/messages.server.ts";
import { homeownerPage, homeownerText } from "#app/server/mail/homeowner-layout.server.ts";
import { languageTags, type Locale } from "#app/i18n/locale.ts";
import { translator } from "#app/i18n/messages.ts";

export interface QuoteSignedFacts {
  to: string;
  from: string;
  replyTo?: string;
  business: MailProfile;
  siteUrl: string;
  locale: Locale;
  timeZone: string;
  title: string;
  number: number;
  version: number;
  /** ISO instant of the signature. */
  signedAt: string;
  /** The quote page's absolute address. */
  address: string;
  attachment: MailAttachmentRef;
}

export function quoteSignedMail(facts: QuoteSignedFacts): OutgoingMail {
  const t = translator(facts.locale);
  const business = facts.business;
  const subject = truncate(oneLine(t("quoteMail.subject.signed", { business: oneLine(business.name), title: oneLine(facts.title) })), 200);
  const date = new Intl.DateTimeFormat(languageTags[facts.locale], { dateStyle: "long", timeZone: facts.timeZone }).format(
    new Date(facts.signedAt),
  );
  const lead = t("quoteMail.lead.signed", { version: String(facts.version), number: String(facts.number), date });
  const questions = business.publicEmail
    ? t("quoteMail.questionsOrWrite", { phone: business.phone, email: business.publicEmail })
    : t("quoteMail.questions", { phone: business.phone });
  const paragraphs = [lead, t("quoteMail.signed.next"), t("quoteMail.signed.paper"), questions];
  const text = [
    ...paragraphs.flatMap((line) => [line, ""]),
    t("quoteMail.signed.download"),
    facts.address,
    "",
    t("quoteMail.keepLink"),
    "",
    business.name,
    "",
  ].join("\n");
  const html = homeownerPage(
    subject,
    [
      ...paragraphs.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p>${escapeHtml(t("quoteMail.signed.download"))} <a href="${escapeHtml(facts.address)}">${escapeHtml(facts.address)}</a></p>`,
      `<p style="font-size:13px;color:#555">${escapeHtml(t("quoteMail.keepLink"))}</p>`,
      `<p>${escapeHtml(business.name)}</p>`,
    ].join("\n"),
    { name: business.name, siteUrl: facts.siteUrl, locale: facts.locale },
  );
  return {
    to: oneLine(facts.to),
    from: facts.from,
    ...(facts.replyTo ? { replyTo: oneLine(facts.replyTo) } : {}),
    subject,
    text: homeownerText(text, { name: business.name, siteUrl: facts.siteUrl }),
    html,
    template: {
      kind: "quote-signed",
      params: { email: facts.to, to_email: facts.to, subject, message: text, company_name: business.name, company_phone: business.phone },
    },
    attachments: [facts.attachment],
  };
}
