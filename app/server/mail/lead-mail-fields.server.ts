/** The lead's fields as both of its emails show them (the notification and the confirmation). */
import { estimateFormLabels } from "#app/content/estimate-labels.ts";
import type { ContactMethod } from "#app/schemas/estimate-rules.ts";
import type { Lead } from "#app/server/repos/leads.server.ts";
import type { SiteClock } from "#app/server/time.server.ts";
import { pageUrl, type Row } from "#app/server/mail/message-parts.server.ts";
import type { Locale } from "#app/i18n/locale.ts";
import { translate, translator } from "#app/i18n/messages.ts";
import { localSubject } from "#app/i18n/service-names.ts";

/** The lead fields the messages use (a stored `Lead` has them all). */
export type LeadForMail = Pick<Lead, "id" | "created_at" | "from_name" | "email" | "phone" | "subject" | "message" | "source"> & {
  /** Set when the spam checks doubt the request (status "review"): the notification says why, first. */
  review_reason?: string | null;
} & Partial<
    Pick<
      Lead,
      | "zip"
      | "in_service_area"
      | "street_address"
      | "contact_method"
      | "best_time"
      | "landing_page"
      | "referrer"
      | "utm_source"
      | "utm_medium"
      | "utm_campaign"
      | "locale"
    >
  >;

/** What each field is called in an email: the business's short words, or the form's own. */
export interface FieldLabels {
  from_name: string;
  email: string;
  phone: string;
  subject: string;
  zip: string;
  street_address: string;
  contact_method: string;
  best_time: string;
}

/** The business inbox's short labels (the notification). */
export const inboxLabels: FieldLabels = {
  from_name: "Name",
  email: "Email",
  phone: "Phone",
  subject: "Subject",
  zip: "ZIP code",
  street_address: "Address",
  contact_method: "Contact by",
  best_time: "Best time",
};

/** The homeowner's copy says what the form said (the confirmation). */
export const formLabels: FieldLabels = estimateFormLabels;

/** The form's own words in the homeowner's language (ADR 064), with the message's and the photos'. */
export function formLabelsIn(locale: Locale): FieldLabels & { message: string; photos: string } {
  const t = translator(locale);
  return {
    from_name: t("mail.field.from_name"),
    email: t("mail.field.email"),
    phone: t("mail.field.phone"),
    subject: t("mail.field.subject"),
    zip: t("mail.field.zip"),
    street_address: t("mail.field.street_address"),
    contact_method: t("mail.field.contact_method"),
    best_time: t("mail.field.best_time"),
    message: t("mail.field.message"),
    photos: t("mail.field.photos"),
  };
}

const methodKeys = { call: "mail.method.call", text: "mail.method.text", email: "mail.method.email" } as const;

/** "A text message", "Un mensaje de texto": how they chose to be reached, in their language. */
export function contactMethodIn(locale: Locale, method: string): string {
  return Object.hasOwn(methodKeys, method) ? translate(locale, methodKeys[method as ContactMethod]) : method;
}

/**
 * The optional details the homeowner gave (ZIP code, address, how and when to reach them), as
 * rows; none when they gave none. `withArea` adds inside or outside the service area to the ZIP
 * (for the business only).
 */
export function detailRows(lead: LeadForMail, withArea: boolean, labels: FieldLabels = inboxLabels, locale: Locale = "en"): Row[] {
  const rows: Row[] = [];
  if (lead.zip) {
    const area =
      !withArea || lead.in_service_area == null ? "" : lead.in_service_area ? " (in your service area)" : " (outside your service area)";
    rows.push([labels.zip, `${lead.zip}${area}`]);
  }
  if (lead.street_address) rows.push([labels.street_address, lead.street_address]);
  if (lead.contact_method) {
    const method = lead.contact_method;
    rows.push([labels.contact_method, contactMethodIn(locale, method)]);
  }
  if (lead.best_time) rows.push([labels.best_time, lead.best_time]);
  return rows;
}

export const NO_MESSAGE = "(no message)";

/** The five form fields (their original names) plus where and when the request came in. */
export function leadParams(lead: LeadForMail, siteUrl: string, clock: SiteClock, locale: Locale = "en"): Record<string, string> {
  return {
    from_name: lead.from_name,
    email: lead.email,
    phone: lead.phone,
    // The service's name in the homeowner's language; stored English for the contractor.
    subject: localSubject(locale, lead.subject),
    message: lead.message.trim() === "" ? translate(locale, "mail.confirm.noMessage") : lead.message,
    source: pageUrl(lead.source, siteUrl),
    received_at: clock.formatLongTime(lead.created_at),
  };
}

/** Name, email, phone and subject as the homeowner typed them: the first rows of both emails. */
export function contactRows(params: Record<string, string>, labels: FieldLabels = inboxLabels): Row[] {
  return [
    [labels.from_name, params.from_name!],
    [labels.email, params.email!],
    [labels.phone, params.phone!],
    [labels.subject, params.subject!],
  ];
}
